import { Link } from 'react-router-dom';
import { Page, buttonClassName, paths, useI18n } from '@streamflix/shared';
import { TitleCard } from '../../../components/title-card';
import { GridItem, TitleGrid } from '../../../components/title-grid';
import { EmptyState, ErrorState, SkeletonCards } from '../../../components/states';
import { useMyList } from '../api/get-my-list';
import { MyListButton } from './my-list-button';
import styles from './my-list-view.module.css';

export function MyListView() {
  const i18n = useI18n();
  const list = useMyList();
  return (
    <Page className={styles.page} aria-labelledby="my-list-title">
      <header className={styles.header}>
        <h1 id="my-list-title">{i18n._({ id: 'mf-catalog.myList.title', message: 'My List' })}</h1>
        {list.data && list.data.total > 0 ? (
          <p className={styles.count}>
            {i18n._({
              id: 'mf-catalog.myList.count',
              message: '{total, plural, one {# title} other {# titles}}',
              values: { total: list.data.total },
            })}
          </p>
        ) : null}
      </header>
      {list.isPending ? (
        <SkeletonCards
          count={12}
          label={i18n._({ id: 'mf-catalog.myList.loading', message: 'Loading My List' })}
        />
      ) : list.isError ? (
        <ErrorState
          message={list.error.message}
          onRetry={() => void list.refetch()}
          title={i18n._({ id: 'mf-catalog.myList.error', message: 'My List could not be loaded' })}
        />
      ) : list.data.titles.length === 0 ? (
        <EmptyState
          title={i18n._({ id: 'mf-catalog.myList.empty', message: 'Your list is empty' })}
        >
          <p>
            {i18n._({
              id: 'mf-catalog.myList.emptyHint',
              message:
                'Add movies and series with the + button on any title, and find them here whenever you want to watch.',
            })}
          </p>
          <Link to={paths.explore()} className={buttonClassName('primary')}>
            {i18n._({ id: 'mf-catalog.myList.find', message: 'Find something to watch' })}
          </Link>
        </EmptyState>
      ) : (
        <TitleGrid
          label={i18n._({ id: 'mf-catalog.myList.gridLabel', message: 'Titles in My List' })}
        >
          {list.data.titles.map((t) => (
            <GridItem key={t.id}>
              <TitleCard title={t} action={<MyListButton title={t} initialInList compact />} />
            </GridItem>
          ))}
        </TitleGrid>
      )}
    </Page>
  );
}
