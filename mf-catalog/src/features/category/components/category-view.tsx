import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  ApiError,
  Page,
  buttonClassName,
  paths,
  useI18n,
  type TitleCard as TitleCardData,
} from '@streamflix/shared';
import { TitleCard } from '../../../components/title-card';
import { GridItem, LoadMore, TitleGrid } from '../../../components/title-grid';
import { EmptyState, ErrorState, SkeletonCards } from '../../../components/states';
import { useScrollRestoration } from '../../../lib/use-scroll-restoration';
import { useProgressiveCount } from '../../../lib/use-progressive-count';
import { useCategoryTitles } from '../api/get-category-page';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './category-view.module.css';

export interface CategoryViewProps {
  slug: string;
  /** A fixed heading (Trending, Series…); otherwise the category's own name. */
  heading?: string;
  intro?: string;
  /** The card's own control (My List), composed by the screen. */
  renderAction?: (title: TitleCardData) => ReactNode;
}

const prettify = (slug: string) =>
  slug.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

export function CategoryView({ slug, heading, intro, renderAction }: CategoryViewProps) {
  const i18n = useI18n();
  const query = useCategoryTitles(slug);
  const firstPage = query.data?.pages[0];
  const titles = query.data?.pages.flatMap((p) => p.titles) ?? [];
  // The first cards come with the answer; the rest follow in a time-sliced render.
  const shown = useProgressiveCount(titles.length);
  useScrollRestoration(query.isSuccess && shown === titles.length);
  const name = heading ?? firstPage?.category.name ?? prettify(slug);
  const notFound = query.error instanceof ApiError && query.error.failure.httpStatus === 404;
  const notFoundTitle = i18n._({
    id: 'mf-catalog.category.notFound',
    message: 'Category not found',
  });
  useDocumentTitle(notFound ? notFoundTitle : name);

  return (
    <Page className={styles.page} aria-labelledby="category-title">
      <header className={styles.header}>
        <h1 id="category-title">{notFound ? notFoundTitle : name}</h1>
        {firstPage ? (
          <p className={styles.count}>
            {intro
              ? i18n._({
                  id: 'mf-catalog.category.countIntro',
                  message: '{total, plural, one {# title · {intro}} other {# titles · {intro}}}',
                  values: { total: firstPage.total, intro },
                })
              : i18n._({
                  id: 'mf-catalog.myList.count',
                  message: '{total, plural, one {# title} other {# titles}}',
                  values: { total: firstPage.total },
                })}
          </p>
        ) : null}
      </header>
      {query.isPending ? (
        <SkeletonCards
          count={12}
          label={i18n._({
            id: 'mf-catalog.rail.loading',
            message: 'Loading {title}',
            values: { title: name },
          })}
        />
      ) : notFound ? (
        <EmptyState
          title={i18n._({
            id: 'mf-catalog.category.noSuch',
            message: 'There is no category called “{slug}”.',
            values: { slug },
          })}
        >
          <p>
            {i18n._({
              id: 'mf-catalog.category.noSuchHint',
              message: 'Browse everything in Explore instead.',
            })}
          </p>
          <Link to={paths.explore()} className={buttonClassName('primary')}>
            {i18n._({ id: 'mf-catalog.goToExplore', message: 'Go to Explore' })}
          </Link>
        </EmptyState>
      ) : query.isError && titles.length === 0 ? (
        <ErrorState
          message={query.error.message}
          onRetry={() => void query.refetch()}
          title={i18n._({
            id: 'mf-catalog.rail.error',
            message: '{name} could not be loaded',
            values: { name },
          })}
        />
      ) : titles.length === 0 ? (
        <EmptyState
          title={i18n._({ id: 'mf-catalog.category.empty', message: 'Nothing here yet' })}
        >
          <p>
            {i18n._({
              id: 'mf-catalog.category.emptyHint',
              message:
                'No titles in this category are available in your country right now. Try Explore for everything else.',
            })}
          </p>
          <Link to={paths.explore()} className={buttonClassName('secondary')}>
            {i18n._({ id: 'mf-catalog.goToExplore', message: 'Go to Explore' })}
          </Link>
        </EmptyState>
      ) : (
        <>
          <TitleGrid label={name}>
            {titles.slice(0, shown).map((t, i) => (
              <GridItem key={t.id}>
                <TitleCard title={t} eager={i < 6} action={renderAction?.(t)} />
              </GridItem>
            ))}
          </TitleGrid>
          {query.isFetchNextPageError ? (
            <ErrorState
              message={query.error?.message ?? ''}
              onRetry={() => void query.fetchNextPage()}
              title={i18n._({
                id: 'mf-catalog.list.moreError',
                message: 'More titles could not be loaded',
              })}
            />
          ) : shown === titles.length ? (
            // After the whole page of cards, so the rest arriving does not move it (layout shift).
            <LoadMore
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onLoadMore={() => void query.fetchNextPage()}
              endText={i18n._({
                id: 'mf-catalog.category.end',
                message: "That's everything in {name}.",
                values: { name },
              })}
            />
          ) : null}
        </>
      )}
    </Page>
  );
}
