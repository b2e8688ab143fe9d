import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-account screen is built; it says so instead of pretending. */
export default function Register() {
  return <ComingSoon title="Register" owner="mf-account" />;
}
