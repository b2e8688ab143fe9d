import { useCatalogs } from '@streamflix/shared';
import { catalogs } from '../locales/catalogs';
import { LandingView } from '../features/landing/components/landing-view';

/** Logged-out `/`: the visitors' landing page. */
export default function Landing() {
  useCatalogs(catalogs);
  return <LandingView />;
}
