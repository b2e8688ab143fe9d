import { CategoryView } from '../features/category/components/category-view';
import { MyListButton } from '../features/my-list/components/my-list-button';

/** The New releases list at its canonical route (the shell redirects the spec's misspelled one). */
export default function NewReleases() {
  return (
    <CategoryView
      slug="new-releases"
      heading="New releases"
      intro="Newest first"
      renderAction={(t) => <MyListButton title={t} compact />}
    />
  );
}
