import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-checkout screen is built; it says so instead of pretending. */
export default function ManageSubscription() {
  return <ComingSoon title="Manage subscription" owner="mf-checkout" />;
}
