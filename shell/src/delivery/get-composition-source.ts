/**
 * Where the shell's host got this environment's composition document (its /composition-source.json,
 * shell/scripts/serve.mjs): a file, or the delivery control plane, and whether that still answers.
 * A dev server or a host that does not say answers null.
 */
/** A remote's arm for this viewer, as the host chose it (shell/scripts/canary-arms.cjs). */
export interface ViewerArm {
  arm: 'canary' | 'stable';
  /** The version this viewer is served. */
  version?: string;
  /** Present when the remote has a canary: its share of viewers and both versions. */
  percent?: number;
  canaryVersion?: string;
  stableVersion?: string;
}

export type CompositionSource = (
  | { source: 'file' }
  | {
      source: 'control-plane';
      controlPlane: string;
      environment: string;
      /** The revision served; null before the host has had any document. */
      revision: number | null;
      checkedAt: string | null;
      reachable: boolean;
      /** Since when the control plane has not answered (or refused); null while it answers. */
      failingSince: string | null;
      problem: string | null;
      /** The document is the copy the host kept on disk (it has not reached the control plane since it started). */
      fromDisk: boolean;
    }
) & {
  /** This viewer's arm per remote (a host without canaries says 'stable' for each, or nothing). */
  arms?: Record<string, ViewerArm>;
};

export async function getCompositionSource(
  signal?: AbortSignal,
): Promise<CompositionSource | null> {
  const res = await fetch('/composition-source.json', { cache: 'no-store', signal });
  if (!res.ok) return null;
  const body = (await res.json().catch(() => null)) as { source?: unknown } | null;
  return body?.source === 'file' || body?.source === 'control-plane'
    ? (body as CompositionSource)
    : null;
}

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });

/** One line for /versions: what the host serves and, when its control plane is down, since when. */
export function describeCompositionSource(source: CompositionSource): string {
  if (source.source === 'file') return 'A document on the host (not a control plane)';
  const revision =
    source.revision === null ? 'no document yet' : `the document of revision ${source.revision}`;
  if (source.failingSince) {
    const why = source.problem?.startsWith('unreachable')
      ? 'unreachable'
      : (source.problem ?? 'failing');
    return `Control plane ${why} since ${time(source.failingSince)}; serving ${revision}${source.fromDisk ? ' (kept on disk)' : ''}`;
  }
  return `Control plane ${source.controlPlane}, environment ${source.environment}: revision ${source.revision ?? '—'}${source.checkedAt ? `, checked ${time(source.checkedAt)}` : ''}`;
}

/** The Arm cell of /versions: which arm of the remote's canary this viewer is on, if it has one. */
export function describeArm(arm: ViewerArm | undefined): string {
  if (!arm || arm.percent === undefined) return arm?.arm === 'canary' ? 'canary' : 'stable';
  const canary = arm.canaryVersion ?? '—';
  const stable = arm.stableVersion ?? '—';
  return arm.arm === 'canary'
    ? `canary ${canary} (${arm.percent}% of viewers; stable ${stable})`
    : `stable ${stable} (canary ${canary} at ${arm.percent}%)`;
}
