import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-catalog screen is built; it says so instead of pretending. */
export default function Series() {
  return <ComingSoon title="Series" owner="mf-catalog" />;
}
