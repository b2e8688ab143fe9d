import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { EditRequest } from '../environments';
import { HttpProblem } from '../http-problem';
import {
  answers,
  EditedEnvironment,
  EnvironmentList,
  EnvironmentName,
  EnvironmentView,
  PatchRemoteBody,
  PutRemoteBody,
  RevisionView,
  type AuditAction,
  type RemoteEntry,
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
} from './edit-guard';

const tags = ['environments'];
const RevisionParams = Type.Object({
  environment: EnvironmentName,
  revision: Type.Integer({ minimum: 1 }),
});
const writeAnswers = { ...answers(EditedEnvironment), 409: staleAnswer };

export const environmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { environments } = app.controlPlane;

  app.get(
    '/environments',
    {
      schema: {
        tags,
        summary: 'Every environment and its revision',
        response: answers(EnvironmentList),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { items: await environments.list() };
    },
  );

  app.get(
    '/environments/:environment',
    {
      schema: {
        tags,
        summary: "An environment's composition document and its revision",
        description:
          'Public: the document is what every browser of the environment loads. The ETag is the revision; ' +
          'send it as If-None-Match to revalidate (304 until the next edit).',
        params: EnvironmentParams,
        response: {
          ...answers(EnvironmentView),
          304: { description: 'Not modified: the If-None-Match ETag is current', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      const view = await environments.get(request.params.environment);
      if (!view) throw missingEnvironment(request.params.environment);
      const etag = etagOf(view.revision);
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return view;
    },
  );

  app.get(
    '/environments/:environment/revisions/:revision',
    {
      schema: {
        tags,
        summary: 'The document as one revision left it',
        params: RevisionParams,
        response: answers(RevisionView),
      },
    },
    async (request, reply) => {
      const { environment, revision } = request.params;
      const view = await environments.revision(environment, revision);
      if (!view)
        throw new HttpProblem(404, 'not-found', `${environment} has no revision ${revision}.`);
      // A revision never changes once written.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return view;
    },
  );

  /** Authenticates, checks the remote and the token's scope (auditing a refusal), then edits. */
  async function write(
    request: FastifyRequest<{ Params: { environment: string; remote: string } }>,
    reply: FastifyReply,
    edit: Pick<EditRequest, 'ifRevision' | 'change' | 'gate' | 'ciRun'> & {
      action: AuditAction;
      /** What the writer asked for, for the audit of a refusal. */
      requested?: RemoteEntry;
    },
  ) {
    const actor = await authenticate(request);
    const { environment, remote } = request.params;
    const owner = ownerOrMissing(app, remote);
    if (!(await environments.get(environment))) throw missingEnvironment(environment);
    await refuseOutOfScope(app, { ...edit, actor, environment, remote, owner });
    const result = await environments.edit({ ...edit, environment, remote, actor });
    const answer = editAnswer(result, environment, edit.ifRevision);
    reply.header('etag', etagOf(answer.revision));
    return answer;
  }

  app.put(
    '/environments/:environment/remotes/:remote',
    {
      schema: {
        tags,
        summary: "Set a remote's entry (compare-and-swap on ifRevision)",
        description:
          'Replaces the entry and writes the audit row in the same transaction. 403 (audited) when the ' +
          "token may not move this remote; 409 with the current revision when `ifRevision` is not the environment's.",
        security: [{ bearerAuth: [] }],
        params: EnvironmentRemoteParams,
        body: PutRemoteBody,
        response: writeAnswers,
      },
    },
    async (request, reply) => {
      const { entry, ifRevision, gate, ciRun, action } = request.body;
      return write(request, reply, {
        ifRevision,
        gate,
        ciRun,
        action: action ?? 'set',
        requested: entry,
        change: () => entry,
      });
    },
  );

  app.patch(
    '/environments/:environment/remotes/:remote',
    {
      schema: {
        tags,
        summary: "Change some fields of a remote's entry (compare-and-swap on ifRevision)",
        description:
          'As PUT, for an entry the environment already has; null removes integrity or fallback.',
        security: [{ bearerAuth: [] }],
        params: EnvironmentRemoteParams,
        body: PatchRemoteBody,
        response: writeAnswers,
      },
    },
    async (request, reply) => {
      const { changes, ifRevision, gate, ciRun } = request.body;
      const { environment, remote } = request.params;
      return write(request, reply, {
        ifRevision,
        gate,
        ciRun,
        action: 'patch',
        change: (current) => {
          if (!current)
            throw new HttpProblem(
              404,
              'not-found',
              `${environment} has no entry for ${remote} yet: PUT the whole entry.`,
            );
          const next: Record<string, unknown> = { ...current };
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) delete next[key];
            else if (value !== undefined) next[key] = value;
          }
          return next as RemoteEntry;
        },
      });
    },
  );
};
