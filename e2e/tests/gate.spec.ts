import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { checkRemote } from '@streamflix/delivery/compose';
import { E2E } from './support/env';

/**
 * The compatibility gate on this run's builds, as a team's pipeline runs it before composing:
 * each remote's fresh build against the environment's shell build (its shared versions, the
 * screens its route tables mount) and its API's served contract. The environment is the one
 * this run started, unless STAGING_DOCUMENT names a real environment document to gate against.
 * TEAM_REMOTES (`mf_player,…`) narrows it to a team's remotes.
 */

const ROOT = path.resolve(__dirname, '../..');
/** Every remote of remotes.json: [federation name, folder, its port in this run]. */
const REMOTES = E2E.remotes.map((r) => [r.name, r.dir, r.port] as const);
const only = process.env.TEAM_REMOTES?.split(',').filter(Boolean);
const version = (dir: string) =>
  (JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as { version: string })
    .version;
const candidate = (port: number) => `http://localhost:${port}/mf-manifest.json`;

let work: string;
let docFile: string;
test.beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'sf-gate-'));
  docFile = process.env.STAGING_DOCUMENT ?? path.join(work, 'e2e.json');
  if (process.env.STAGING_DOCUMENT) return;
  writeFileSync(
    docFile,
    JSON.stringify({
      environment: 'e2e',
      api: E2E.apiUrl,
      shell: `${E2E.shellUrl}/mf-manifest.json`,
      remotes: Object.fromEntries(
        REMOTES.map(([name, dir, port]) => [
          name,
          { manifest: candidate(port), version: `^${version(dir)}` },
        ]),
      ),
      services: {},
    }),
  );
});
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

for (const [name, dir, port] of REMOTES.filter(([n]) => !only || only.includes(n)))
  test(`the gate passes ${name}'s build against the environment's shell and API`, async () => {
    const log: string[] = [];
    const report = await checkRemote(
      docFile,
      name,
      { manifest: candidate(port), version: version(dir) },
      { fetch: (...a) => fetch(...a), now: () => new Date(), log: (l) => log.push(l) },
    );
    expect(report.problems).toEqual([]);
    expect(log.join('\n')).toContain(`${name}: the compatibility gate passed.`);
  });
