/** @jest-environment node */
import path from 'node:path';
import { checkSurfaces } from './surface-check';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * The gate `npm test` runs: every committed public-surface report is what the sources generate,
 * and every change since each workspace's last release carries the bump it requires (counting
 * the pending changesets). A failure names the export and the bump; `npm run surface -- --check`
 * prints the same.
 */
it('every public surface is reported, and every change since the last release has its bump', () => {
  const results = checkSurfaces(ROOT);
  expect(results.map((r) => r.dir)).toEqual([
    'shared',
    'mf-catalog',
    'mf-player',
    'mf-account',
    'mf-checkout',
    'api',
  ]);
  expect(results.flatMap((r) => r.problems)).toEqual([]);
}, 120_000);
