import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-account screen is built; it says so instead of pretending. */
export default function ChangePassword() {
  return <ComingSoon title="Change password" owner="mf-account" />;
}
