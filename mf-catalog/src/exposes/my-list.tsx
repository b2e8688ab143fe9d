import { useCatalogs } from '@streamflix/shared';
import { catalogs } from '../locales/catalogs';
import { MyListView } from '../features/my-list/components/my-list-view';

/** `/my-list`: the signed-in viewer's saved titles. */
export default function MyList() {
  useCatalogs(catalogs);
  return <MyListView />;
}
