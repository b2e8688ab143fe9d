import type { AuditRow, RemoteEntry } from '../schemas';

/** The audit's token id of the control plane's own analysis (signals/canary-analysis.ts). */
const ANALYSIS_TOKEN = 'control-plane-analysis';

/** Who a token speaks for, in words. */
export const actorName = (who: {
  team: string | null;
  environmentOwner: string | null;
  tokenId?: string;
}) =>
  who.tokenId === ANALYSIS_TOKEN
    ? 'the canary analysis'
    : who.team !== null
      ? `team ${who.team}`
      : `owner of ${who.environmentOwner ?? 'an environment'}`;

export const versionOf = (entry: Pick<RemoteEntry, 'version'> | null | undefined) =>
  entry?.version ?? '—';

/** "0.2.0 → 0.3.0", or the one side there is. */
export const versionChange = (row: Pick<AuditRow, 'fromVersion' | 'toVersion'>) =>
  `${row.fromVersion ?? '(none)'} → ${row.toVersion ?? '(none)'}`;

export type GateState = 'passed' | 'refused' | 'not recorded';

/** The gate's result as the edit's audit row kept it (the client's report, or the rollback's). */
export function gateState(row: Pick<AuditRow, 'gate'> | null): {
  state: GateState;
  problems: string[];
} {
  const gate = row?.gate as { ok?: unknown; problems?: unknown } | null | undefined;
  if (!gate || typeof gate.ok !== 'boolean') return { state: 'not recorded', problems: [] };
  const problems = Array.isArray(gate.problems) ? gate.problems.map(String) : [];
  return { state: gate.ok ? 'passed' : 'refused', problems };
}
