import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-checkout screen is built; it says so instead of pretending. */
export default function Subscription() {
  return <ComingSoon title="Plans" owner="mf-checkout" />;
}
