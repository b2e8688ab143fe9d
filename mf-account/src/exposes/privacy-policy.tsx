import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-account screen is built; it says so instead of pretending. */
export default function PrivacyPolicy() {
  return <ComingSoon title="Privacy policy" owner="mf-account" />;
}
