import { useCatalogs } from '@streamflix/shared';
import { catalogs } from '../locales/catalogs';
import { PlansScreen } from '../features/plans/components/plans-screen';

/** /subscription: the plans side by side (both route sets). */
export default function Subscription() {
  useCatalogs(catalogs);
  return <PlansScreen />;
}
