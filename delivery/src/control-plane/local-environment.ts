import type { FastifyInstance } from 'fastify';
import type { CompositionDocument, RemoteEntry } from './schemas';

/**
 * `local` is what this checkout serves. `npm start` (shell/scripts/start.mjs) hands the control plane
 * the document of the builds it runs (CONTROL_PLANE_LOCAL_DOCUMENT): a fresh database seeds `local`
 * from it, and on every later start each remote whose entry points at this machine but not at what
 * runs now (another port set, the range of an older release) is set back to it through the same
 * audited compare-and-swap write as any compose, with a one-day `local` owner token revoked right
 * after. An entry pointing off this machine (a developer composed a deployed build into `local`) is
 * kept: only the developer moved it there.
 */

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function onThisMachine(url: string): boolean {
  try {
    return LOOPBACK.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** The remotes of `current` to set to `wanted`'s entry. */
export function localDrift(current: CompositionDocument, wanted: CompositionDocument): string[] {
  return Object.entries(wanted.remotes)
    .filter(([name, entry]) => {
      const now = current.remotes[name] as RemoteEntry | undefined;
      if (!now) return true;
      if (!onThisMachine(now.manifest)) return false;
      return now.manifest !== entry.manifest || now.version !== entry.version;
    })
    .map(([name]) => name);
}

export interface LocalFollowResult {
  /** The remotes set back to this checkout's builds. */
  changed: string[];
  /** What could not be put right through the API, for the operator. */
  warnings: string[];
}

export async function followLocalBuilds(
  app: FastifyInstance,
  wanted: CompositionDocument,
): Promise<LocalFollowResult> {
  const { environments, tokens } = app.controlPlane;
  const environment = wanted.environment;
  const view = await environments.get(environment);
  if (!view) return { changed: [], warnings: [`there is no environment "${environment}"`] };
  const warnings =
    view.document.api === wanted.api
      ? []
      : [
          `${environment} names the API ${view.document.api}, but this checkout's runs at ${wanted.api}. ` +
            "An environment's API is not edited through the control plane: start with the API port it names, or give the control plane another CONTROL_PLANE_DATA_DIR.",
        ];
  const drift = localDrift(view.document, wanted);
  if (drift.length === 0) return { changed: [], warnings };
  const { token, info } = await tokens.create({ environmentOwner: environment }, 1);
  const changed: string[] = [];
  try {
    for (const remote of drift) {
      // Read per write: a pipeline composing meanwhile makes this one stale, and the next read wins.
      const current = await environments.get(environment);
      const res = await app.inject({
        method: 'PUT',
        url: `/v1/environments/${environment}/remotes/${remote}`,
        headers: { authorization: `Bearer ${token}` },
        payload: {
          ifRevision: current!.revision,
          entry: wanted.remotes[remote],
          gate: { ok: true, by: 'npm start', reason: 'the build this checkout serves' },
        },
      });
      if (res.statusCode === 200) changed.push(remote);
      else warnings.push(`${remote} was not set back (${res.statusCode}: ${res.body})`);
    }
  } finally {
    await tokens.revoke(info.tokenId);
  }
  return { changed, warnings };
}
