import { ManageScreen } from '../features/manage-subscription/components/manage-screen';

/** /manage-subscribe (signed in): see, change, cancel and resume the subscription. */
export default function ManageSubscription() {
  return <ManageScreen />;
}
