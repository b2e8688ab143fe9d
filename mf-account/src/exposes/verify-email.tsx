import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-account screen is built; it says so instead of pretending. */
export default function VerifyEmail() {
  return <ComingSoon title="Verify your email" owner="mf-account" />;
}
