/**
 * The automatic analysis of running canaries (Flagger's contract). Every interval, for each canary
 * of each environment: the two arms' figures since the canary began (signal-store.ts), one check
 * (analysis-check.ts), and its count kept per canary (canary_analysis). When failed checks reach the
 * spec's limit, the canary is aborted through the same compare-and-swap edit as `abort` (everyone on
 * stable), audited with the figures, and the webhook is called. A passing check of a canary whose
 * spec says `auto` promotes it to the next of its steps (audited too).
 *
 * Several instances on one PostgreSQL: only the holder of the `canary-analysis` lease runs a tick;
 * a check is also written by compare-and-swap on the canary's check count, and the abort or promote
 * by compare-and-swap on the environment's revision, so an instance that lost the lease mid-tick
 * changes nothing twice (a second abort finds the revision moved and does nothing).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { abortCanary, promoteCanary } from '../canary-edits';
import type { ControlPlaneTables } from '../database';
import type { EnvironmentStore } from '../environments';
import { HttpProblem } from '../http-problem';
import type { Canary, EnvironmentView, RemoteEntry } from '../schemas';
import type { Actor } from '../tokens';
import { judge, nextStep } from './analysis-check';
import { resolveSpec, type AnalysisSettings } from './analysis-settings';
import { acquireLease } from './lease';
import type { CanaryAnalysisView, CheckResult, ResolvedAnalysisSpec } from './signal-schemas';
import type { SignalMetrics } from './signal-metrics';
import type { SignalStore } from './signal-store';
import { notifyWebhook } from './webhook';

/** Who the analysis's edits are by, in the audit. */
export const ANALYSIS_ACTOR: Actor = {
  tokenId: 'control-plane-analysis',
  team: null,
  environmentOwner: null,
  expiresAt: '9999-12-31T23:59:59.999Z',
};

export interface AnalysisDeps {
  db: Kysely<ControlPlaneTables>;
  environments: EnvironmentStore;
  signals: SignalStore;
  metrics: SignalMetrics;
  settings: AnalysisSettings;
  now: () => Date;
  log: (line: string) => void;
  fetch?: typeof fetch;
}

export type CheckOutcome = {
  environment: string;
  remote: string;
  check: CheckResult;
  failedChecks: number;
  action: 'none' | 'aborted' | 'promoted';
  percent?: number;
  auditId?: number;
};

/** The canary's guard: the edit applies only to the canary this check judged. */
const sameCanary = (current: RemoteEntry | undefined, canary: Canary) =>
  current?.canary?.startedAt === canary.startedAt;

const gone = () => new HttpProblem(409, 'canary-moved', 'The canary changed meanwhile.');

export class CanaryAnalysis {
  private readonly holder = `cp_${randomBytes(6).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<CheckOutcome[]> | null = null;
  /** Webhook deliveries under way (tests await them). */
  readonly deliveries: Promise<boolean>[] = [];

  constructor(private readonly deps: AnalysisDeps) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.tick().catch((err: unknown) =>
        this.deps.log(`analysis tick failed: ${err instanceof Error ? err.message : String(err)}`),
      );
    }, this.deps.settings.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One round over every environment's canaries (nothing when another instance holds the lease). */
  tick(): Promise<CheckOutcome[]> {
    this.running ??= this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async round(): Promise<CheckOutcome[]> {
    const { db, environments, settings } = this.deps;
    const now = this.deps.now();
    const ttl = settings.intervalMs * 2 + 1000;
    if (!(await acquireLease(db, 'canary-analysis', this.holder, now, ttl))) return [];
    const outcomes: CheckOutcome[] = [];
    for (const { environment } of await environments.list()) {
      const view = await environments.get(environment);
      if (!view) continue;
      for (const [remote, entry] of Object.entries(view.document.remotes)) {
        if (!entry.canary) continue;
        const outcome = await this.check(view, remote, entry, entry.canary, now);
        if (outcome) outcomes.push(outcome);
      }
    }
    await this.deps.signals.prune(new Date(now.getTime() - settings.retentionHours * 3_600_000));
    return outcomes;
  }

  private async state(environment: string, remote: string, startedAt: string) {
    const { db } = this.deps;
    await db
      .insertInto('canary_analysis')
      .values({
        environment,
        remote,
        started_at: startedAt,
        failed_checks: 0,
        passed_checks: 0,
        checks: 0,
        last_check_at: null,
        last_check: null,
      })
      .onConflict((oc) => oc.columns(['environment', 'remote', 'started_at']).doNothing())
      .execute();
    return db
      .selectFrom('canary_analysis')
      .selectAll()
      .where('environment', '=', environment)
      .where('remote', '=', remote)
      .where('started_at', '=', startedAt)
      .executeTakeFirstOrThrow();
  }

  private async check(
    view: EnvironmentView,
    remote: string,
    entry: RemoteEntry,
    canary: Canary,
    now: Date,
  ): Promise<CheckOutcome | null> {
    const { db, signals, metrics, settings } = this.deps;
    const environment = view.environment;
    const spec = resolveSpec(canary.analysis, settings);
    const row = await this.state(environment, remote, canary.startedAt);
    // A tick a little early (timers drift) still counts as this interval's check.
    const dueAt = row.last_check_at
      ? new Date(row.last_check_at).getTime() + spec.intervalSeconds * 1000 * 0.9
      : 0;
    if (now.getTime() < dueAt) return null;
    const since = new Date(canary.startedAt);
    const check = judge(
      spec,
      await signals.figures(environment, remote, 'canary', canary.entry.version, since),
      await signals.figures(environment, remote, 'stable', entry.version, since),
      now,
    );
    const failedChecks = Number(row.failed_checks) + (check.result === 'fail' ? 1 : 0);
    const updated = await db
      .updateTable('canary_analysis')
      .set({
        checks: Number(row.checks) + 1,
        failed_checks: failedChecks,
        passed_checks: Number(row.passed_checks) + (check.result === 'pass' ? 1 : 0),
        last_check_at: now.toISOString(),
        last_check: JSON.stringify(check),
      })
      .where('environment', '=', environment)
      .where('remote', '=', remote)
      .where('started_at', '=', canary.startedAt)
      .where('checks', '=', row.checks)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return null;
    const labels = { environment, remote };
    metrics.checks.inc({ ...labels, result: check.result });
    metrics.failedChecks.set(labels, failedChecks);
    metrics.canaryPercent.set(labels, canary.percent);
    const outcome: CheckOutcome = { environment, remote, check, failedChecks, action: 'none' };
    if (failedChecks >= spec.failureLimit)
      return this.abort(view, remote, entry, canary, spec, outcome);
    const next = check.result === 'pass' && spec.auto ? nextStep(spec, canary.percent) : null;
    if (next !== null) return this.promote(view, remote, canary, next, outcome);
    return outcome;
  }

  private async abort(
    view: EnvironmentView,
    remote: string,
    entry: RemoteEntry,
    canary: Canary,
    spec: ResolvedAnalysisSpec,
    outcome: CheckOutcome,
  ): Promise<CheckOutcome> {
    const { check } = outcome;
    const message =
      `analysis: ${outcome.failedChecks} failed check(s) of ${spec.failureLimit} allowed; ` +
      `${check.reasons.join('; ')} (canary ${canary.entry.version}: ${figuresLine(check.canary)}; ` +
      `stable ${entry.version}: ${figuresLine(check.stable)})`;
    const result = await this.edit(view, remote, 'abort', message, check, (current) => {
      if (!sameCanary(current, canary)) throw gone();
      return abortCanary(remote, current);
    });
    if (result === null) return outcome;
    this.deps.metrics.canaryPercent.remove({ environment: view.environment, remote });
    this.deps.log(`${view.environment}: ${remote} ${canary.entry.version} aborted by the analysis`);
    this.deliveries.push(
      notifyWebhook(
        { url: this.deps.settings.webhookUrl, fetch: this.deps.fetch, log: this.deps.log },
        {
          event: 'canary.aborted',
          environment: view.environment,
          remote,
          canaryVersion: canary.entry.version,
          stableVersion: entry.version,
          percent: canary.percent,
          failedChecks: outcome.failedChecks,
          failureLimit: spec.failureLimit,
          reasons: check.reasons,
          canary: check.canary,
          stable: check.stable,
          revision: result.revision,
          auditId: result.auditId,
          at: check.at,
        },
      ),
    );
    return { ...outcome, action: 'aborted', auditId: result.auditId };
  }

  private async promote(
    view: EnvironmentView,
    remote: string,
    canary: Canary,
    percent: number,
    outcome: CheckOutcome,
  ): Promise<CheckOutcome> {
    const message =
      `analysis: check passed (canary ${figuresLine(outcome.check.canary)}; stable ` +
      `${figuresLine(outcome.check.stable)}); ${canary.percent}% → ${percent}%`;
    const result = await this.edit(view, remote, 'promote', message, outcome.check, (current) => {
      if (!sameCanary(current, canary)) throw gone();
      return promoteCanary(remote, current, percent);
    });
    if (result === null) return outcome;
    this.deps.log(`${view.environment}: ${remote} ${canary.entry.version} advanced to ${percent}%`);
    return { ...outcome, action: 'promoted', percent, auditId: result.auditId };
  }

  /** An edit by compare-and-swap on the revision the tick read; null when the environment moved. */
  private async edit(
    view: EnvironmentView,
    remote: string,
    action: 'abort' | 'promote',
    message: string,
    check: CheckResult,
    change: (current: RemoteEntry | undefined) => RemoteEntry,
  ) {
    try {
      const result = await this.deps.environments.edit({
        environment: view.environment,
        remote,
        ifRevision: view.revision,
        action,
        actor: ANALYSIS_ACTOR,
        gate: { analysis: check },
        message,
        change,
        toVersion: (next) => next.canary?.entry.version ?? next.version,
      });
      if (result.kind !== 'applied') return null;
      return { revision: result.view.revision, auditId: result.auditId };
    } catch (err) {
      if (err instanceof HttpProblem) return null;
      throw err;
    }
  }

  /** Each running canary of the environment with its spec and its analysis so far. */
  async view(view: EnvironmentView): Promise<CanaryAnalysisView[]> {
    const out: CanaryAnalysisView[] = [];
    for (const [remote, entry] of Object.entries(view.document.remotes)) {
      const canary = entry.canary;
      if (!canary) continue;
      const row = await this.deps.db
        .selectFrom('canary_analysis')
        .selectAll()
        .where('environment', '=', view.environment)
        .where('remote', '=', remote)
        .where('started_at', '=', canary.startedAt)
        .executeTakeFirst();
      out.push({
        remote,
        canaryVersion: canary.entry.version,
        stableVersion: entry.version,
        percent: canary.percent,
        startedAt: canary.startedAt,
        spec: resolveSpec(canary.analysis, this.deps.settings),
        checks: Number(row?.checks ?? 0),
        failedChecks: Number(row?.failed_checks ?? 0),
        passedChecks: Number(row?.passed_checks ?? 0),
        lastCheck: row?.last_check ? (JSON.parse(row.last_check) as CheckResult) : null,
      });
    }
    return out;
  }
}

const figuresLine = (f: CheckResult['canary']) =>
  `${f.errorSessions}/${f.sessions} error sessions = ${f.errorSessionsPer1000 ?? '–'} per 1,000` +
  (f.lcpP75 !== null ? `, LCP p75 ${f.lcpP75} ms` : '') +
  (f.inpP75 !== null ? `, INP p75 ${f.inpP75} ms` : '');
