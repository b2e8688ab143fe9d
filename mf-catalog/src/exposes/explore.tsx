import { useCatalogs } from '@streamflix/shared';
import { catalogs } from '../locales/catalogs';
import { ExploreView } from '../features/explore/components/explore-view';
import { CardActions } from '../features/my-list/components/card-actions';

/** `/explore`: search and filters, all in the URL. */
export default function Explore() {
  useCatalogs(catalogs);
  return <ExploreView renderAction={(t) => <CardActions title={t} />} />;
}
