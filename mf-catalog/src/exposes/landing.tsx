import { LandingView } from '../features/landing/components/landing-view';

/** Logged-out `/`: the visitors' landing page. */
export default function Landing() {
  return <LandingView />;
}
