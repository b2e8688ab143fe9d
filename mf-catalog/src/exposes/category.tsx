import { useParams } from 'react-router-dom';
import { CategoryView } from '../features/category/components/category-view';
import { MyListButton } from '../features/my-list/components/my-list-button';

/** `/category/{type}`: every title of one category, loaded as the viewer scrolls. */
export default function Category() {
  const { type = '' } = useParams();
  // Keyed by category: moving between categories starts fresh (and at the top).
  return (
    <CategoryView key={type} slug={type} renderAction={(t) => <MyListButton title={t} compact />} />
  );
}
