import {
  CompositionError,
  formatGateReport,
  parseCompositionDocument,
  type GateReport,
  type RemoteName,
} from '@streamflix/composition';
import { gateCandidate, type ComposeContext } from '../compose-gate';
import { rollbackTarget, rolledBackEntry, type Move } from '../rollback-target';
import type { EnvironmentStore } from './environments';
import type { RemoteRegistry } from './registry';
import type { AuditRow, EnvironmentView, RemoteEntry } from './schemas';

/** An applied audit row as the move rollback reads (the compose CLI reads its file's history alike). */
const asMove = (row: AuditRow): Move<RemoteEntry> | null => {
  // A deploy publishes a build in no environment: it is never a move to roll back. A canary's start,
  // raise or abort leaves the stable entry as it was; a promotion to 100% is a set of the canary's
  // entry (a rollback after it restores the stable entry it replaced).
  if (!row.from || !row.to || row.action === 'deploy') return null;
  if (row.action === 'canary' || row.action === 'abort' || row.action === 'preview') return null;
  if (row.action === 'promote')
    return row.to.canary
      ? null
      : { remote: row.remote, action: 'set', previous: stableOf(row.from), next: row.to };
  return { remote: row.remote, action: row.action, previous: row.from, next: row.to };
};

/** An entry without its canary: what viewers outside the canary get. */
export const stableOf = ({ canary: _canary, ...stable }: RemoteEntry): RemoteEntry => stable;

/** What a rollback of `remote` restores in this environment as the audit records it, or null. */
export function rollbackTargetOf(
  view: EnvironmentView,
  moves: readonly AuditRow[],
  remote: string,
): RemoteEntry | null {
  const history = moves.map(asMove).filter((m): m is Move<RemoteEntry> => m !== null);
  return rollbackTarget(history, remote, view.document.remotes[remote]) ?? null;
}

/**
 * Each remote of an environment for the console: its entry, its owner, the last move (who, when,
 * from which version, the gate's report) and what a rollback would restore.
 */
export async function remoteStatuses(
  environments: EnvironmentStore,
  registry: RemoteRegistry,
  view: EnvironmentView,
) {
  const moves = await environments.moves(view.environment);
  const listed = registry.remotes.map((r) => r.name);
  const names = [
    ...listed,
    ...Object.keys(view.document.remotes).filter((name) => !listed.includes(name)),
  ];
  return {
    environment: view.environment,
    revision: view.revision,
    updatedAt: view.updatedAt,
    items: names.map((remote) => ({
      remote,
      team: registry.ownerOf(remote) ?? null,
      entry: view.document.remotes[remote] ?? null,
      lastMove: moves.filter((m) => m.remote === remote).at(-1) ?? null,
      rollbackTo: rollbackTargetOf(view, moves, remote),
    })),
  };
}

export type RollbackGate =
  | { ok: true; entry: RemoteEntry; report: GateReport }
  | { ok: false; message: string; report?: GateReport };

/**
 * The compose CLI's gate (imported, not copied) on the entry a rollback restores, against the
 * environment as it is now: its shell, its API, the remote's manifest and entry bytes.
 */
export async function gateRollback(
  ctx: ComposeContext,
  view: EnvironmentView,
  remote: string,
  target: RemoteEntry,
): Promise<RollbackGate> {
  let doc;
  try {
    doc = parseCompositionDocument(view.document);
  } catch (err) {
    if (!(err instanceof CompositionError)) throw err;
    return {
      ok: false,
      message: `${view.environment}'s document cannot be gated: ${err.message}`,
    };
  }
  const { report, integrity } = await gateCandidate(ctx, doc, remote as RemoteName, target);
  if (!report.ok) return { ok: false, message: formatGateReport(remote, report), report };
  return { ok: true, entry: rolledBackEntry(target, integrity), report };
}
