import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-account screen is built; it says so instead of pretending. */
export default function Notifications() {
  return <ComingSoon title="Notifications" owner="mf-account" />;
}
