import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-checkout screen is built; it says so instead of pretending. */
export default function Premium() {
  return <ComingSoon title="Premium" owner="mf-checkout" />;
}
