import { PlansScreen } from '../features/plans/components/plans-screen';

/** /subscription: the plans side by side (both route sets). */
export default function Subscription() {
  return <PlansScreen />;
}
