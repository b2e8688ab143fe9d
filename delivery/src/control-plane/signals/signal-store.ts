/**
 * Browser signals on the control plane's database: per-interval counts (signal_counts) and one row
 * per page load and remote (signal_sessions), both written by upsert so instances sharing a
 * PostgreSQL add up. Reads give each arm's figures for the analysis and the console.
 */
import { sql, type Kysely } from 'kysely';
import type { ControlPlaneTables } from '../database';
import type { CompositionDocument } from '../schemas';
import { p75, per1000 } from './analysis-check';
import {
  ERROR_KINDS,
  type Arm,
  type ArmFigures,
  type SignalBatch,
  type SignalKind,
} from './signal-schemas';
import type { SignalMetrics } from './signal-metrics';

/** Counts are kept per minute. */
const INTERVAL_MS = 60_000;
const intervalOf = (at: Date) =>
  new Date(Math.floor(at.getTime() / INTERVAL_MS) * INTERVAL_MS).toISOString();

/** The version label of a report: one of the environment's entries for the remote, else `other`. */
export function versionLabel(doc: CompositionDocument, remote: string, version: string): string {
  const entry = doc.remotes[remote];
  if (!entry) return 'other';
  const known = [entry.version, entry.canary?.entry.version, entry.fallback?.version];
  return known.includes(version) ? version : 'other';
}

interface SessionDelta {
  remote: string;
  version: string;
  arm: Arm;
  errors: number;
  lcp: number | null;
  inp: number | null;
}

const maxOf = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.max(a, b);

export class SignalStore {
  constructor(
    private readonly db: Kysely<ControlPlaneTables>,
    private readonly metrics: SignalMetrics,
  ) {}

  /** Counts a batch against the environment's document; reports for unlisted remotes are dropped. */
  async record(doc: CompositionDocument, batch: SignalBatch, now: Date) {
    const environment = doc.environment;
    const counts = new Map<
      string,
      { remote: string; version: string; arm: Arm; kind: SignalKind; count: number }
    >();
    const sessions = new Map<string, SessionDelta>();
    let dropped = 0;
    for (const r of batch.reports) {
      if (!doc.remotes[r.remote]) {
        dropped += 1;
        continue;
      }
      const version = versionLabel(doc, r.remote, r.version);
      const count = r.count ?? 1;
      const key = [r.remote, version, r.arm, r.kind].join('\u0000');
      const c = counts.get(key) ?? {
        remote: r.remote,
        version,
        arm: r.arm,
        kind: r.kind,
        count: 0,
      };
      c.count += count;
      counts.set(key, c);
      const sKey = [r.remote, version, r.arm].join('\u0000');
      const s = sessions.get(sKey) ?? {
        remote: r.remote,
        version,
        arm: r.arm,
        errors: 0,
        lcp: null,
        inp: null,
      };
      if (ERROR_KINDS.includes(r.kind)) s.errors += count;
      const value = r.value === undefined ? null : Math.round(r.value);
      if (r.kind === 'lcp') s.lcp = maxOf(s.lcp, value);
      if (r.kind === 'inp') s.inp = maxOf(s.inp, value);
      sessions.set(sKey, s);
      const labels = { environment, remote: r.remote, version, arm: r.arm };
      this.metrics.signals.inc({ ...labels, kind: r.kind }, count);
      if ((r.kind === 'lcp' || r.kind === 'inp') && value !== null)
        this.metrics.vitals.observe(
          { ...labels, metric: r.kind, route: this.metrics.routes.of(r.route ?? 'unknown') },
          value,
        );
    }
    const at = now.toISOString();
    const interval = intervalOf(now);
    await this.db.transaction().execute(async (trx) => {
      for (const c of counts.values())
        await trx
          .insertInto('signal_counts')
          .values({ environment, ...c, interval_start: interval })
          .onConflict((oc) =>
            oc
              .columns(['environment', 'remote', 'version', 'arm', 'kind', 'interval_start'])
              .doUpdateSet({ count: sql<number>`signal_counts.count + excluded.count` }),
          )
          .execute();
      for (const s of sessions.values())
        await trx
          .insertInto('signal_sessions')
          .values({
            environment,
            remote: s.remote,
            version: s.version,
            arm: s.arm,
            session: batch.session,
            first_at: at,
            last_at: at,
            errors: s.errors,
            lcp_ms: s.lcp,
            inp_ms: s.inp,
          })
          .onConflict((oc) =>
            oc.columns(['environment', 'remote', 'version', 'arm', 'session']).doUpdateSet({
              last_at: sql<string>`excluded.last_at`,
              errors: sql<number>`signal_sessions.errors + excluded.errors`,
              lcp_ms: sql<
                number | null
              >`case when excluded.lcp_ms is null then signal_sessions.lcp_ms when signal_sessions.lcp_ms is null or excluded.lcp_ms > signal_sessions.lcp_ms then excluded.lcp_ms else signal_sessions.lcp_ms end`,
              inp_ms: sql<
                number | null
              >`case when excluded.inp_ms is null then signal_sessions.inp_ms when signal_sessions.inp_ms is null or excluded.inp_ms > signal_sessions.inp_ms then excluded.inp_ms else signal_sessions.inp_ms end`,
            }),
          )
          .execute();
    });
    return { accepted: batch.reports.length - dropped, dropped };
  }

  /** One arm's figures: sessions that began since `since` on that version. */
  async figures(
    environment: string,
    remote: string,
    arm: Arm,
    version: string,
    since: Date,
  ): Promise<ArmFigures> {
    const rows = await this.db
      .selectFrom('signal_sessions')
      .select(['errors', 'lcp_ms', 'inp_ms'])
      .where('environment', '=', environment)
      .where('remote', '=', remote)
      .where('arm', '=', arm)
      .where('version', '=', version)
      .where('first_at', '>=', since.toISOString())
      .execute();
    return figuresOf(arm, version, rows);
  }

  /** Every remote, arm and version seen in the environment since `since`. */
  async summary(environment: string, since: Date) {
    const rows = await this.db
      .selectFrom('signal_sessions')
      .select(['remote', 'arm', 'version', 'errors', 'lcp_ms', 'inp_ms'])
      .where('environment', '=', environment)
      .where('first_at', '>=', since.toISOString())
      .execute();
    const groups = new Map<string, typeof rows>();
    for (const row of rows) {
      const key = [row.remote, row.arm, row.version].join('\u0000');
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    return [...groups.values()]
      .map((g) => ({ remote: g[0]!.remote, ...figuresOf(g[0]!.arm as Arm, g[0]!.version, g) }))
      .sort((a, b) => a.remote.localeCompare(b.remote) || a.arm.localeCompare(b.arm));
  }

  /** Drops rows older than the retention. */
  async prune(before: Date) {
    const at = before.toISOString();
    await this.db.deleteFrom('signal_sessions').where('last_at', '<', at).execute();
    await this.db.deleteFrom('signal_counts').where('interval_start', '<', at).execute();
  }
}

function figuresOf(
  arm: Arm,
  version: string,
  rows: ReadonlyArray<{ errors: number; lcp_ms: number | null; inp_ms: number | null }>,
): ArmFigures {
  const sessions = rows.length;
  const errorSessions = rows.filter((r) => Number(r.errors) > 0).length;
  const values = (pick: (r: (typeof rows)[number]) => number | null) =>
    rows
      .map(pick)
      .filter((v): v is number => v !== null)
      .map(Number);
  return {
    arm,
    version,
    sessions,
    errorSessions,
    errorSessionsPer1000: per1000(errorSessions, sessions),
    lcpP75: p75(values((r) => r.lcp_ms)),
    inpP75: p75(values((r) => r.inp_ms)),
  };
}
