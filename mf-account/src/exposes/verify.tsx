import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-account screen is built; it says so instead of pretending. */
export default function Verify() {
  return <ComingSoon title="Enter your code" owner="mf-account" />;
}
