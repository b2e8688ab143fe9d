import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-account screen is built; it says so instead of pretending. */
export default function Interest() {
  return <ComingSoon title="Your interests" owner="mf-account" />;
}
