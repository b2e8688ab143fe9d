import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-catalog screen is built; it says so instead of pretending. */
export default function TitleDetail() {
  return <ComingSoon title="Title details" owner="mf-catalog" />;
}
