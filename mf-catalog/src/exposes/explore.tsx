import { ExploreView } from '../features/explore/components/explore-view';
import { MyListButton } from '../features/my-list/components/my-list-button';

/** `/explore`: search and filters, all in the URL. */
export default function Explore() {
  return <ExploreView renderAction={(t) => <MyListButton title={t} compact />} />;
}
