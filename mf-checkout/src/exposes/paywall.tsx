import { useCatalogs } from '@streamflix/shared';
import { catalogs } from '../locales/catalogs';
import { TitlePaywall } from '../features/paywall/components/title-paywall';

/** /paywall (signed in): the premium title the viewer tried to watch and the way to unlock it. */
export default function Paywall() {
  useCatalogs(catalogs);
  return <TitlePaywall />;
}
