import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-account screen is built; it says so instead of pretending. */
export default function General() {
  return <ComingSoon title="Settings" owner="mf-account" />;
}
