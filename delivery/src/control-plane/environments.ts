import type { Kysely, Selectable } from 'kysely';
import type { AuditTable, ControlPlaneTables, Dialect } from './database';
import type {
  AuditAction,
  AuditQuery,
  AuditRow,
  CompositionDocument,
  EnvironmentView,
  RemoteEntry,
} from './schemas';
import type { Actor } from './tokens';

export interface EditRequest {
  environment: string;
  remote: string;
  ifRevision: number;
  action: AuditAction;
  /** The new entry from the current one (undefined when the environment does not list the remote yet). */
  change: (current: RemoteEntry | undefined) => RemoteEntry;
  actor: Actor;
  gate?: object;
  ciRun?: string;
  /** The version the audit says the edit moved to (default: the new entry's version). */
  toVersion?: (next: RemoteEntry) => string;
  /** Why, for the audit (the analysis's own edits say what it measured). */
  message?: string;
}

export type EditResult =
  | { kind: 'applied'; view: EnvironmentView; auditId: number }
  | { kind: 'stale'; currentRevision: number }
  | { kind: 'missing' };

/** A concurrent writer moved the revision between our read and our write. */
class LostRace extends Error {}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const parse = <T>(text: string | null): T | null =>
  text === null ? null : (JSON.parse(text) as T);

/**
 * Environments, their revisions and the audit, on one database. An edit is compare-and-swap on the
 * environment's revision: the UPDATE only matches the row at the revision the writer read, so of two
 * writers at one revision exactly one wins, on SQLite and PostgreSQL alike, however many instances
 * share the database. The new revision and the audit row are written in the same transaction, so the
 * audit can never disagree with the history.
 */
export class EnvironmentStore {
  constructor(
    private readonly db: Kysely<ControlPlaneTables>,
    readonly dialect: Dialect,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list() {
    const rows = await this.db
      .selectFrom('environments')
      .select(['name', 'revision', 'updated_at'])
      .orderBy('name')
      .execute();
    return rows.map((r) => ({
      environment: r.name,
      revision: r.revision,
      updatedAt: r.updated_at,
    }));
  }

  async get(environment: string): Promise<EnvironmentView | null> {
    const row = await this.db
      .selectFrom('environments')
      .selectAll()
      .where('name', '=', environment)
      .executeTakeFirst();
    return row
      ? {
          environment: row.name,
          revision: row.revision,
          updatedAt: row.updated_at,
          document: JSON.parse(row.document) as CompositionDocument,
        }
      : null;
  }

  async revision(environment: string, revision: number) {
    const row = await this.db
      .selectFrom('environment_revisions')
      .selectAll()
      .where('environment', '=', environment)
      .where('revision', '=', revision)
      .executeTakeFirst();
    return row
      ? {
          environment: row.environment,
          revision: row.revision,
          at: row.at,
          document: JSON.parse(row.document) as CompositionDocument,
        }
      : null;
  }

  /**
   * Creates the environment at revision 1 from a seed document, unless it exists (then nothing changes:
   * a restart never undoes edits). Instances seeding together are safe: the insert ignores a conflict.
   */
  async seed(document: CompositionDocument): Promise<boolean> {
    // The document's own history is the file-based CLI's record; here revisions and the audit are.
    const { history: _history, ...rest } = document as CompositionDocument & { history?: unknown };
    const text = JSON.stringify(rest);
    const at = this.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('environments')
        .values({ name: document.environment, revision: 1, document: text, updated_at: at })
        .onConflict((oc) => oc.column('name').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await trx
        .insertInto('environment_revisions')
        .values({ environment: document.environment, revision: 1, document: text, at })
        .execute();
      return true;
    });
  }

  async edit(request: EditRequest): Promise<EditResult> {
    const current = await this.get(request.environment);
    if (!current) return { kind: 'missing' };
    // Fails fast without a transaction: most losers of a race are turned away here.
    if (current.revision !== request.ifRevision)
      return { kind: 'stale', currentRevision: current.revision };
    const previous = current.document.remotes[request.remote];
    const next = request.change(previous);
    const document: CompositionDocument = {
      ...current.document,
      remotes: { ...current.document.remotes, [request.remote]: next },
    };
    const text = JSON.stringify(document);
    const revision = current.revision + 1;
    const at = this.now().toISOString();
    try {
      const auditId = await this.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('environments')
          .set({ revision, document: text, updated_at: at })
          .where('name', '=', request.environment)
          .where('revision', '=', request.ifRevision)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new LostRace();
        await trx
          .insertInto('environment_revisions')
          .values({ environment: request.environment, revision, document: text, at })
          .execute();
        const row = await trx
          .insertInto('audit')
          .values({
            ...this.who(request),
            at,
            outcome: 'applied',
            from_version: previous?.version ?? null,
            to_version: request.toVersion ? request.toVersion(next) : next.version,
            from_entry: json(previous),
            to_entry: json(next),
            revision,
            message: request.message ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(row.id);
      });
      return {
        kind: 'applied',
        auditId,
        view: { environment: request.environment, revision, updatedAt: at, document },
      };
    } catch (err) {
      if (!(err instanceof LostRace)) throw err;
      const now = await this.get(request.environment);
      return now ? { kind: 'stale', currentRevision: now.revision } : { kind: 'missing' };
    }
  }

  /** Records an edit refused for its scope: who tried to move what, to which version, and why not. */
  refuse(
    request: Omit<EditRequest, 'change' | 'ifRevision'> & { toEntry?: RemoteEntry },
    message: string,
  ): Promise<number> {
    return this.record(request, 'refused', message);
  }

  /**
   * An audit row for an act that changes no document (a preview link made) or a refused edit: at the
   * environment's current revision, with the entry asked for.
   */
  async record(
    request: Omit<EditRequest, 'change' | 'ifRevision'> & { toEntry?: RemoteEntry },
    outcome: 'applied' | 'refused',
    message: string,
  ): Promise<number> {
    const current = await this.get(request.environment);
    const previous = current?.document.remotes[request.remote];
    const row = await this.db
      .insertInto('audit')
      .values({
        ...this.who(request),
        at: this.now().toISOString(),
        outcome,
        from_version: previous?.version ?? null,
        to_version: request.toEntry?.version ?? null,
        from_entry: json(previous),
        to_entry: json(request.toEntry),
        revision: current?.revision ?? 0,
        message,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async audit(query: AuditQuery): Promise<{ items: AuditRow[]; nextBefore: number | null }> {
    const limit = query.limit ?? 100;
    let q = this.db.selectFrom('audit').selectAll();
    if (query.environment) q = q.where('environment', '=', query.environment);
    if (query.remote) q = q.where('remote', '=', query.remote);
    if (query.team) q = q.where('team', '=', query.team);
    if (query.outcome) q = q.where('outcome', '=', query.outcome);
    if (query.action) q = q.where('action', '=', query.action);
    if (query.before) q = q.where('id', '<', query.before);
    const rows = await q
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const items = rows.slice(0, limit).map(auditRow);
    return {
      items,
      nextBefore: rows.length > limit ? (items[items.length - 1]?.id ?? null) : null,
    };
  }

  /** Every applied edit of the environment, oldest first (its history, as rollback reads it). */
  async moves(environment: string): Promise<AuditRow[]> {
    const rows = await this.db
      .selectFrom('audit')
      .selectAll()
      .where('environment', '=', environment)
      .where('outcome', '=', 'applied')
      // A preview link changes no document: it is not a move.
      .where('action', '!=', 'preview')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(auditRow);
  }

  private who(request: Omit<EditRequest, 'change' | 'ifRevision'>) {
    return {
      environment: request.environment,
      remote: request.remote,
      action: request.action,
      team: request.actor.team,
      environment_owner: request.actor.environmentOwner,
      token_id: request.actor.tokenId,
      gate_report: json(request.gate),
      ci_run: request.ciRun ?? null,
    };
  }
}

function auditRow(row: Selectable<AuditTable>): AuditRow {
  return {
    id: Number(row.id),
    at: row.at,
    environment: row.environment,
    remote: row.remote,
    action: row.action as AuditRow['action'],
    outcome: row.outcome as AuditRow['outcome'],
    team: row.team,
    environmentOwner: row.environment_owner,
    tokenId: row.token_id,
    fromVersion: row.from_version,
    toVersion: row.to_version,
    from: parse<RemoteEntry>(row.from_entry),
    to: parse<RemoteEntry>(row.to_entry),
    revision: row.revision,
    gate: parse<Record<string, unknown>>(row.gate_report),
    ciRun: row.ci_run,
    message: row.message,
  };
}
