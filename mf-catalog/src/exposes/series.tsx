import { CategoryView } from '../features/category/components/category-view';
import { MyListButton } from '../features/my-list/components/my-list-button';

/** The Series list at its canonical route (the shell redirects the spec's misspelled one). */
export default function Series() {
  return (
    <CategoryView
      slug="series"
      heading="Series"
      intro="Series to binge"
      renderAction={(t) => <MyListButton title={t} compact />}
    />
  );
}
