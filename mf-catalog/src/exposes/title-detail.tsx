import { useCatalogs } from '@streamflix/shared';
import { catalogs } from '../locales/catalogs';
import { useScreenParams, type ScreenProps } from '@streamflix/shared';
import { TitleDetailView } from '../features/title-detail/components/title-detail-view';
import { MyListButton } from '../features/my-list/components/my-list-button';

/** `/movie/{type}/{id}`: a movie or series, with Play, trailer, episodes and My List. */
export default function TitleDetail({ params }: ScreenProps<'type' | 'id'>) {
  useCatalogs(catalogs);
  const { type = '', id = '' } = useScreenParams(params);
  return (
    <TitleDetailView
      key={id}
      id={id}
      type={type}
      renderMyList={(t) => <MyListButton title={t} initialInList={t.inMyList} />}
      renderAction={(t) => <MyListButton title={t} compact />}
    />
  );
}
