import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpProblem } from '../http-problem';
import { gateRollback, remoteStatuses, rollbackTargetOf } from '../remote-status';
import {
  answers,
  EditedEnvironment,
  EnvironmentRemotes,
  Problem,
  RollbackBody,
  EnvironmentParams,
  EnvironmentRemoteParams,
} from '../schemas';
import { authenticate } from './authenticate';
import {
  editAnswer,
  etagOf,
  missingEnvironment,
  ownerOrMissing,
  refuseOutOfScope,
  staleAnswer,
  staleRevision,
} from './edit-guard';

const tags = ['environments'];

/** What an operator reads and does in the console: each remote's state, and a gated rollback. */
export const remoteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { environments, registry } = app.controlPlane;

  app.get(
    '/environments/:environment/remotes',
    {
      schema: {
        tags,
        summary: "Each remote's entry, owner, last move and what a rollback would restore",
        description:
          'The last move is the last applied audit row of the remote here: who moved it, when, from which ' +
          "version, and the gate's report. Any valid token may read it.",
        security: [{ bearerAuth: [] }],
        params: EnvironmentParams,
        response: answers(EnvironmentRemotes),
      },
    },
    async (request, reply) => {
      await authenticate(request);
      const view = await environments.get(request.params.environment);
      if (!view) throw missingEnvironment(request.params.environment);
      reply.header('cache-control', 'no-store');
      return remoteStatuses(environments, registry, view);
    },
  );

  app.post(
    '/environments/:environment/remotes/:remote/rollback',
    {
      schema: {
        tags,
        summary: 'Roll a remote back to what its last set replaced, through the gate',
        description:
          'The compose CLI’s rollback, done here: the entry that the last `set` to the current manifest ' +
          'replaced, gated again against the environment as it is now (its shell, its API, the ' +
          'remote’s manifest and entry bytes), then written by compare-and-swap on `ifRevision` with ' +
          'the gate’s report in the audit. 403 (audited) outside the token’s scope; 409 with the ' +
          'current revision when the environment moved on; 422 when there is nothing earlier or ' +
          'the gate refuses.',
        security: [{ bearerAuth: [] }],
        params: EnvironmentRemoteParams,
        body: RollbackBody,
        response: {
          ...answers(EditedEnvironment),
          409: staleAnswer,
          422: { ...Problem, description: 'Nothing earlier to restore, or the gate refused it.' },
        },
      },
    },
    async (request, reply) => {
      const actor = await authenticate(request);
      const { environment, remote } = request.params;
      const { ifRevision, ciRun } = request.body;
      const owner = ownerOrMissing(app, remote);
      const view = await environments.get(environment);
      if (!view) throw missingEnvironment(environment);
      const target = rollbackTargetOf(view, await environments.moves(environment), remote);
      await refuseOutOfScope(app, {
        actor,
        environment,
        remote,
        owner,
        action: 'rollback',
        ciRun,
        requested: target ?? undefined,
      });
      // Fails before the gate's fetches: the target was read from another revision.
      if (view.revision !== ifRevision) throw staleRevision(environment, view.revision, ifRevision);
      if (!target)
        throw new HttpProblem(
          422,
          'nothing-to-roll-back',
          `${environment} has no earlier version of ${remote} to roll back to.`,
        );
      const gated = await gateRollback(app.controlPlane.gate(request.log), view, remote, target);
      if (!gated.ok) throw new HttpProblem(422, 'gate-refused', gated.message);
      const result = await environments.edit({
        environment,
        remote,
        ifRevision,
        action: 'rollback',
        actor,
        gate: gated.report,
        ciRun,
        change: () => gated.entry,
      });
      const answer = editAnswer(result, environment, ifRevision);
      reply.header('etag', etagOf(answer.revision));
      return answer;
    },
  );
};
