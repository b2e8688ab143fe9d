import { CategoryView } from '../features/category/components/category-view';
import { MyListButton } from '../features/my-list/components/my-list-button';

/** The Trending list at its canonical route (the shell redirects the spec's misspelled one). */
export default function Trending() {
  return (
    <CategoryView
      slug="trending"
      heading="Trending"
      intro="What everyone is watching this week"
      renderAction={(t) => <MyListButton title={t} compact />}
    />
  );
}
