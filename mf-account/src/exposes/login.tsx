import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-account screen is built; it says so instead of pretending. */
export default function Login() {
  return <ComingSoon title="Log in" owner="mf-account" />;
}
