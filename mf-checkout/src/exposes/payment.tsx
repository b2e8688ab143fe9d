import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-checkout screen is built; it says so instead of pretending. */
export default function Payment() {
  return <ComingSoon title="Payment" owner="mf-checkout" />;
}
