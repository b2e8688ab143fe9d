import { useCatalogs } from '@streamflix/shared';
import { catalogs } from '../locales/catalogs';
import { ExploreView } from '../features/explore/components/explore-view';

/** `/skip-explore`: explore for guests (no My List on cards). */
export default function GuestExplore() {
  useCatalogs(catalogs);
  return <ExploreView />;
}
