import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-player screen is built; it says so instead of pretending. */
export default function Watch() {
  return <ComingSoon title="Watch" owner="mf-player" />;
}
