import { useCatalogs } from '@streamflix/shared';
import { catalogs } from '../locales/catalogs';
import { ManageScreen } from '../features/manage-subscription/components/manage-screen';

/** /manage-subscribe (signed in): see, change, cancel and resume the subscription. */
export default function ManageSubscription() {
  useCatalogs(catalogs);
  return <ManageScreen />;
}
