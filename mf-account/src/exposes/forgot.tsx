import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-account screen is built; it says so instead of pretending. */
export default function Forgot() {
  return <ComingSoon title="Reset your password" owner="mf-account" />;
}
