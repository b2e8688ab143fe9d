import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-catalog screen is built; it says so instead of pretending. */
export default function Landing() {
  return <ComingSoon title="Welcome to Streamflix" owner="mf-catalog" />;
}
