import type { FastifyInstance } from 'fastify';
import type { EditResult } from '../environments';
import { HttpProblem } from '../http-problem';
import { Problem, type AuditAction, type RemoteEntry } from '../schemas';
import { scopeRefusal, type Actor } from '../tokens';

/**
 * The rules every write of a remote follows, whichever route makes it (PUT, PATCH, rollback): the
 * remote is in the registry, the environment exists, the token's scope covers it (a refusal is
 * audited and answered 403 naming the owner), and a stale revision is answered 409 with the current one.
 */

/** An environment's ETag is its revision: a reader revalidating gets 304 until the next edit. */
export const etagOf = (revision: number) => `"r${revision}"`;

export const missingEnvironment = (environment: string) =>
  new HttpProblem(404, 'not-found', `There is no environment "${environment}".`);

export const staleRevision = (environment: string, currentRevision: number, asked: number) =>
  new HttpProblem(
    409,
    'stale-revision',
    `${environment} is at revision ${currentRevision}, not ${asked}: read it again, re-run the gate on it and retry.`,
    { currentRevision },
  );

export const staleAnswer = {
  ...Problem,
  description:
    'The environment moved on: `currentRevision` is what to read, re-gate and retry from.',
};

/** The remote's owning team; 404 when remotes.json does not list it. */
export function ownerOrMissing(app: FastifyInstance, remote: string): string {
  const { registry } = app.controlPlane;
  const owner = registry.ownerOf(remote);
  if (!owner)
    throw new HttpProblem(
      404,
      'not-found',
      `remotes.json lists no remote "${remote}" (it lists ${registry.remotes.map((r) => r.name).join(', ')}).`,
    );
  return owner;
}

/** Audits and refuses (403, naming the owner) an edit outside the token's scope. */
export async function refuseOutOfScope(
  app: FastifyInstance,
  edit: {
    actor: Actor;
    environment: string;
    remote: string;
    owner: string;
    action: AuditAction;
    gate?: object;
    ciRun?: string;
    /** What the writer asked for, for the audit of a refusal. */
    requested?: RemoteEntry;
  },
): Promise<void> {
  const { actor, environment, remote, owner } = edit;
  const refusal = scopeRefusal(actor, environment, remote, owner);
  if (!refusal) return;
  await app.controlPlane.environments.refuse(
    {
      environment,
      remote,
      action: edit.action,
      actor,
      gate: edit.gate,
      ciRun: edit.ciRun,
      toEntry: edit.requested,
    },
    refusal,
  );
  throw new HttpProblem(403, 'forbidden', refusal, { owner });
}

/** The answer to an edit: the environment it made (with its audit id), or the problem. */
export function editAnswer(result: EditResult, environment: string, ifRevision: number) {
  if (result.kind === 'missing') throw missingEnvironment(environment);
  if (result.kind === 'stale') throw staleRevision(environment, result.currentRevision, ifRevision);
  return { ...result.view, auditId: result.auditId };
}
