import { useCatalogs } from '@streamflix/shared';
import { catalogs } from '../locales/catalogs';
import { TitlePaywall } from '../features/paywall/components/title-paywall';

/** /premium (guests): the same offer as /paywall, with sign-up on the way to payment. */
export default function Premium() {
  useCatalogs(catalogs);
  return <TitlePaywall />;
}
