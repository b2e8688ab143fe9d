import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-account screen is built; it says so instead of pretending. */
export default function Terms() {
  return <ComingSoon title="Terms and conditions" owner="mf-account" />;
}
