import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { abortCanary, promoteCanary, startCanary } from '../canary-edits';
import type { EditRequest } from '../environments';
import {
  answers,
  CanaryBody,
  EditedEnvironment,
  EnvironmentRemoteParams,
  Problem,
  PromoteBody,
  RollbackBody,
  type AuditAction,
  type RemoteEntry,
} from '../schemas';
import type { Actor } from '../tokens';
import { authenticate } from './authenticate';
import { editAnswer, etagOf, ownerOrMissing, refuseOutOfScope, staleAnswer } from './edit-guard';

const tags = ['environments'];
const response = {
  ...answers(EditedEnvironment),
  409: staleAnswer,
  422: {
    ...Problem,
    description:
      'The edit does not apply: no stable entry, no canary, or a promotion that would lower the share.',
  },
};

/**
 * A canary: a new version served to a share of viewers by sticky buckets, raised step by step, then
 * promoted or aborted. Every edit is compare-and-swap on `ifRevision` and audited like a set; the
 * writer gates the canary's entry before starting it (compose set --canary does).
 */
export const canaryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { environments } = app.controlPlane;

  async function apply(
    params: { environment: string; remote: string },
    actor: Actor,
    body: { ifRevision: number; ciRun?: string; gate?: object },
    action: AuditAction,
    change: (current: RemoteEntry | undefined) => RemoteEntry,
    requested?: RemoteEntry,
  ) {
    const { environment, remote } = params;
    const owner = ownerOrMissing(app, remote);
    await refuseOutOfScope(app, { actor, environment, remote, owner, action, ...body, requested });
    const request: EditRequest = {
      environment,
      remote,
      ifRevision: body.ifRevision,
      action,
      actor,
      gate: body.gate,
      ciRun: body.ciRun,
      change,
      // The audit names the version that moved: the canary's, or the stable one an abort returns to.
      toVersion: (next) => next.canary?.entry.version ?? next.version,
    };
    return editAnswer(await environments.edit(request), environment, body.ifRevision);
  }

  app.post(
    '/environments/:environment/remotes/:remote/canary',
    {
      schema: {
        tags,
        summary: 'Start (or replace) a canary: a new entry for a share of viewers',
        description:
          'The stable entry stays; `entry` is served to `percent` of viewers, chosen by sticky buckets on ' +
          "the shell's host. 403 (audited) outside the token's scope; 409 when the environment moved on.",
        security: [{ bearerAuth: [] }],
        params: EnvironmentRemoteParams,
        body: CanaryBody,
        response,
      },
    },
    async (request, reply) => {
      const actor = await authenticate(request);
      const { entry, percent, analysis } = request.body;
      const { remote } = request.params;
      const answer = await apply(request.params, actor, request.body, 'canary', (current) =>
        startCanary(remote, current, entry, percent, new Date(), analysis),
      );
      reply.header('etag', etagOf(answer.revision));
      return answer;
    },
  );

  app.post(
    '/environments/:environment/remotes/:remote/canary/promote',
    {
      schema: {
        tags,
        summary: "Raise a canary's share (at 100 its entry becomes the stable one)",
        description:
          'Only raises: a viewer in the canary stays in it. 422 without a canary or when the share would not rise.',
        security: [{ bearerAuth: [] }],
        params: EnvironmentRemoteParams,
        body: PromoteBody,
        response,
      },
    },
    async (request, reply) => {
      const actor = await authenticate(request);
      const { remote } = request.params;
      const answer = await apply(request.params, actor, request.body, 'promote', (current) =>
        promoteCanary(remote, current, request.body.percent),
      );
      reply.header('etag', etagOf(answer.revision));
      return answer;
    },
  );

  app.post(
    '/environments/:environment/remotes/:remote/canary/abort',
    {
      schema: {
        tags,
        summary: 'Abort a canary: every viewer back on the stable entry',
        security: [{ bearerAuth: [] }],
        params: EnvironmentRemoteParams,
        body: RollbackBody,
        response,
      },
    },
    async (request, reply) => {
      const actor = await authenticate(request);
      const { remote } = request.params;
      const answer = await apply(request.params, actor, request.body, 'abort', (current) =>
        abortCanary(remote, current),
      );
      reply.header('etag', etagOf(answer.revision));
      return answer;
    },
  );
};
