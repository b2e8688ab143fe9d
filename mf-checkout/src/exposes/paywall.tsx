import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-checkout screen is built; it says so instead of pretending. */
export default function Paywall() {
  return <ComingSoon title="Go premium" owner="mf-checkout" />;
}
