import { useParams } from 'react-router-dom';
import { TitleDetailView } from '../features/title-detail/components/title-detail-view';
import { MyListButton } from '../features/my-list/components/my-list-button';

/** `/movie/{type}/{id}`: a movie or series, with Play, trailer, episodes and My List. */
export default function TitleDetail() {
  const { type = '', id = '' } = useParams();
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
