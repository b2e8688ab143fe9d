import { MyListView } from '../features/my-list/components/my-list-view';

/** `/my-list`: the signed-in viewer's saved titles. */
export default function MyList() {
  return <MyListView />;
}
