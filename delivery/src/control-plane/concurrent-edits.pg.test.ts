import type { FastifyInstance } from 'fastify';
import { bearer, buildCheckedControlPlane, seedDocument } from './test/test-control-plane';
import { createPostgresDatabase } from './test/test-database';
import type { AuditRow } from './schemas';

jest.setTimeout(300_000);

const EDITS = 1000;
/** Writers in flight at once, across both instances: enough that most writes meet a stale revision. */
const WRITERS = 16;
const REMOTES = ['mf_catalog', 'mf_player', 'mf_account', 'mf_checkout'] as const;

/**
 * Two control-plane instances (two apps, two connection pools) on one PostgreSQL, 1,000 edits racing
 * on one environment through both, each writer doing what a pipeline does: read, write naming the
 * revision it read, and on 409 read again and retry. Nothing may be lost and the audit must match the
 * history exactly.
 */
describe('two instances on one PostgreSQL', () => {
  let drop: () => Promise<void>;
  let instances: FastifyInstance[];
  let token: string;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    // Started together, as a deployment would: their migrations and seeds race too.
    instances = await Promise.all(
      [1, 2].map(() =>
        buildCheckedControlPlane({
          databaseUrl: database.url,
          poolSize: 8,
          seeds: [seedDocument('staging')],
        }),
      ),
    );
    token = (await instances[0]!.controlPlane.tokens.create({ environmentOwner: 'staging' })).token;
  });
  afterAll(async () => {
    await Promise.all(instances.map((app) => app.close()));
    await drop();
  });

  test(`${EDITS} concurrent edits: nothing lost, the audit matching the history`, async () => {
    let conflicts = 0;
    const applied: Array<{ version: string; revision: number; instance: number }> = [];
    const edit = async (i: number) => {
      const remote = REMOTES[i % REMOTES.length]!;
      const version = `2.${i}.0`;
      const entry = {
        manifest: `https://cdn.example.test/${remote}/${version}/mf-manifest.json`,
        version,
      };
      for (let attempt = 0; ; attempt++) {
        const app = instances[(i + attempt) % 2]!;
        const read = await app.inject({ url: '/v1/environments/staging' });
        expect(read.statusCode).toBe(200);
        const res = await app.inject({
          method: 'PUT',
          url: `/v1/environments/staging/remotes/${remote}`,
          headers: bearer(token),
          payload: { ifRevision: read.json().revision, entry, gate: { ok: true, edit: i } },
        });
        if (res.statusCode === 409) {
          conflicts++;
          continue;
        }
        expect(res.statusCode).toBe(200);
        applied.push({ version, revision: res.json().revision, instance: (i + attempt) % 2 });
        return;
      }
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (next < EDITS) await edit(next++);
      }),
    );

    // Every edit landed once, each on a revision of its own, through both instances.
    expect(applied).toHaveLength(EDITS);
    expect(new Set(applied.map((a) => a.revision)).size).toBe(EDITS);
    expect(new Set(applied.map((a) => a.instance))).toEqual(new Set([0, 1]));
    // They did race: compare-and-swap turned stale writes away.
    expect(conflicts).toBeGreaterThan(0);

    const { db } = instances[1]!.controlPlane.database;
    const environment = await db
      .selectFrom('environments')
      .selectAll()
      .where('name', '=', 'staging')
      .executeTakeFirstOrThrow();
    expect(environment.revision).toBe(1 + EDITS);
    const revisions = await db
      .selectFrom('environment_revisions')
      .select(['revision', 'document'])
      .where('environment', '=', 'staging')
      .orderBy('revision')
      .execute();
    expect(revisions.map((r) => r.revision)).toEqual(
      Array.from({ length: EDITS + 1 }, (_, i) => i + 1),
    );

    // The audit, read through the API in pages, oldest first.
    const rows: AuditRow[] = [];
    let before: number | null | undefined;
    do {
      const res = await instances[0]!.inject({
        url: `/v1/audit?environment=staging&limit=1000${before ? `&before=${before}` : ''}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      rows.push(...res.json().items);
      before = res.json().nextBefore;
    } while (before);
    rows.reverse();
    // One row per revision…
    expect(rows).toHaveLength(EDITS);
    expect(rows.every((r) => r.outcome === 'applied')).toBe(true);
    expect(rows.map((r) => r.revision)).toEqual(revisions.slice(1).map((r) => r.revision));
    // …saying what that revision changed: its remote's entry went from the previous revision's to its own…
    for (const [k, row] of rows.entries()) {
      const previous = JSON.parse(revisions[k]!.document).remotes[row.remote];
      const current = JSON.parse(revisions[k + 1]!.document).remotes[row.remote];
      expect({ revision: row.revision, from: row.from, to: row.to }).toEqual({
        revision: row.revision,
        from: previous,
        to: current,
      });
    }
    // …and, per remote, each row's from is the previous row's to: no edit was overwritten unseen.
    for (const remote of REMOTES) {
      const chain = rows.filter((r) => r.remote === remote);
      expect(chain[0]!.fromVersion).toBe('1.0.0');
      for (let k = 1; k < chain.length; k++)
        expect([remote, k, chain[k]!.fromVersion]).toEqual([remote, k, chain[k - 1]!.toVersion]);
    }
    // Every edit's version is in the audit exactly once.
    expect(new Set(rows.map((r) => r.toVersion))).toEqual(new Set(applied.map((a) => a.version)));
    // The document ends with each remote at the version of its last edit.
    const final = JSON.parse(environment.document).remotes;
    for (const remote of REMOTES)
      expect(final[remote].version).toBe(rows.filter((r) => r.remote === remote).at(-1)!.toVersion);
  });
});
