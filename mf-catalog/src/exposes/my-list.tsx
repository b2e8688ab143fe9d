import { ComingSoon } from '@streamflix/shared';

/** Placeholder until the mf-catalog screen is built; it says so instead of pretending. */
export default function MyList() {
  return <ComingSoon title="My List" owner="mf-catalog" />;
}
