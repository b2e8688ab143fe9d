import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-account screen is built; it says so instead of pretending. */
export default function Signup() {
  return <ComingSoon title="Sign up" owner="mf-account" />;
}
