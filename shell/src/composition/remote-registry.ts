import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  REMOTE_NAMES,
  satisfiesVersion,
  type CompositionDocument,
  type RemoteName,
} from './composition-document';

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  constructor(
    readonly remote: RemoteName,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** How long a remote may take before the viewer is offered a retry. */
export const REMOTE_TIMEOUT_MS = 15_000;

export interface RemoteStatus {
  manifest: string;
  expected: string;
  actual?: string;
  versionOk?: boolean;
}

let composition: CompositionDocument | null = null;
const statuses = new Map<RemoteName, RemoteStatus>();
const versionChecks = new Map<RemoteName, Promise<void>>();

/** Register every remote of the document with the federation runtime. Nothing is fetched yet. */
export function registerComposition(doc: CompositionDocument): void {
  composition = doc;
  registerRemotes(
    REMOTE_NAMES.map((name) => ({ name, entry: doc.remotes[name].manifest })),
    { force: true },
  );
  for (const name of REMOTE_NAMES) {
    statuses.set(name, {
      manifest: doc.remotes[name].manifest,
      expected: doc.remotes[name].version,
    });
  }
  // Staging operators can see what composed: window.__STREAMFLIX_COMPOSITION__.
  (window as unknown as { __STREAMFLIX_COMPOSITION__: unknown }).__STREAMFLIX_COMPOSITION__ = {
    environment: doc.environment,
    remotes: statuses,
  };
}

export function getComposition(): CompositionDocument | null {
  return composition;
}

export function mountModeOf(remote: RemoteName): 'federated' | 'isolated' {
  return composition?.remotes[remote].mount ?? 'federated';
}

/**
 * Compare the deployed version with the one the environment expects. A
 * mismatch is reported, not fatal: staging composes mixed versions on purpose.
 */
function checkVersion(remote: RemoteName): Promise<void> {
  const existing = versionChecks.get(remote);
  if (existing) return existing;
  const status = statuses.get(remote);
  if (!status) return Promise.resolve();
  const check = fetch(status.manifest)
    .then((r) => (r.ok ? r.json() : null))
    .then((manifest: { metaData?: { buildInfo?: { buildVersion?: string } } } | null) => {
      const actual = manifest?.metaData?.buildInfo?.buildVersion;
      // Dev servers report 'local': nothing to compare.
      if (!actual || actual === 'local') return;
      status.actual = actual;
      status.versionOk = satisfiesVersion(actual, status.expected);
      if (!status.versionOk) {
        console.warn(
          `[composition] ${remote} is ${actual}; this environment expects ${status.expected}.`,
        );
      }
    })
    .catch(() => undefined);
  versionChecks.set(remote, check);
  return check;
}

function withTimeout<T>(promise: Promise<T>, remote: RemoteName, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new RemoteLoadError(
            remote,
            `${remote} did not answer within ${Math.round(ms / 1000)} s.`,
          ),
        ),
      ms,
    );
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** Load one exposed module of a remote, e.g. loadExposed('mf_catalog', 'Home'). */
export async function loadExposed<T>(
  remote: RemoteName,
  expose: string,
  timeoutMs = REMOTE_TIMEOUT_MS,
): Promise<T> {
  void checkVersion(remote);
  try {
    const mod = await withTimeout(loadRemote<T>(`${remote}/${expose}`), remote, timeoutMs);
    if (!mod) throw new RemoteLoadError(remote, `${remote} has no screen named "${expose}".`);
    return mod;
  } catch (err) {
    if (err instanceof RemoteLoadError) throw err;
    throw new RemoteLoadError(remote, `${remote} could not be loaded.`, err);
  }
}

/**
 * Forget a remote that failed so the next attempt fetches its manifest and
 * entry again (the runtime otherwise remembers the failure).
 */
export function resetRemote(remote: RemoteName): void {
  if (!composition) return;
  versionChecks.delete(remote);
  registerRemotes([{ name: remote, entry: composition.remotes[remote].manifest }], { force: true });
}
