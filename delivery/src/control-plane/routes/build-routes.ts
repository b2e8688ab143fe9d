import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  type BuildFile,
  BuildStoreError,
  checkBuild,
  VersionConflict,
} from '../../build-store/build-store';
import {
  DeployBody,
  DeployedVersion,
  DeployResult,
  VersionList,
  VersionName,
} from '../build-schemas';
import { HttpProblem } from '../http-problem';
import { answers, Problem, RemoteName } from '../schemas';
import { type Actor, deployRefusal } from '../tokens';
import { authenticate } from './authenticate';

const tags = ['builds'];
const RemoteParams = Type.Object({ remote: RemoteName });
const VersionParams = Type.Object({ remote: RemoteName, version: VersionName });
/** A remote's build with its source maps and types is a few MB; base64 adds a third. */
export const MAX_BUILD_BYTES = 100 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const buildRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { builds, registry, database } = app.controlPlane;

  const folderOf = (remote: string) => {
    const dir = registry.dirOf(remote);
    if (!dir)
      throw new HttpProblem(
        404,
        'not-found',
        `remotes.json lists no remote "${remote}" (it lists ${registry.remotes.map((r) => r.name).join(', ')}).`,
      );
    return dir;
  };

  /** Deploys are audited like edits: environment "" (a build is in no environment until composed). */
  const audit = async (
    actor: Actor,
    remote: string,
    version: string,
    outcome: 'applied' | 'refused',
    message: string | null,
    ciRun?: string,
  ) => {
    const row = await database.db
      .insertInto('audit')
      .values({
        at: new Date().toISOString(),
        environment: '',
        remote,
        action: 'deploy',
        outcome,
        team: actor.team,
        environment_owner: actor.environmentOwner,
        token_id: actor.tokenId,
        from_version: null,
        to_version: version,
        from_entry: null,
        to_entry: null,
        revision: 0,
        gate_report: null,
        ci_run: ciRun ?? null,
        message,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };

  app.get(
    '/remotes/:remote/versions',
    {
      schema: {
        tags,
        summary: "A remote's published versions, with their manifest URL and entry integrity",
        description:
          'Public, like an environment: what compose points an environment at. Newest build first.',
        params: RemoteParams,
        response: answers(VersionList),
      },
    },
    async (request, reply) => {
      const { remote } = request.params;
      const versions = await builds.list(folderOf(remote));
      reply.header('cache-control', 'no-cache');
      return { items: versions.map((v) => ({ ...v, remote })) };
    },
  );

  app.get(
    '/remotes/:remote/versions/:version',
    {
      schema: {
        tags,
        summary: 'One published version of a remote',
        params: VersionParams,
        response: answers(DeployedVersion),
      },
    },
    async (request, reply) => {
      const { remote, version } = request.params;
      const found = (await builds.list(folderOf(remote))).find((v) => v.version === version);
      if (!found)
        throw new HttpProblem(404, 'not-found', `${remote} ${version} has not been deployed.`);
      reply.header('cache-control', 'no-cache');
      return { ...found, remote };
    },
  );

  app.put(
    '/remotes/:remote/versions/:version',
    {
      bodyLimit: MAX_BUILD_BYTES,
      schema: {
        tags,
        summary: "Deploy a build of a remote (the owning team's token)",
        description:
          'Writes the build into the build store (a folder, or S3 with If-None-Match: *), once: the same ' +
          'bytes again answer 200 with created false; other bytes for a published version answer 409. The ' +
          "entry's integrity is recomputed from its bytes. 403 (audited) for another team's token or an " +
          'environment-owner token. 503 with Retry-After when the store or the database cannot be reached.',
        security: [{ bearerAuth: [] }],
        params: VersionParams,
        body: DeployBody,
        response: {
          ...answers(DeployResult),
          201: { ...DeployResult, description: 'Published.' },
          409: { ...Problem, description: 'The version is published with other bytes.' },
        },
      },
    },
    async (request, reply) => {
      const actor = await authenticate(request);
      const { remote, version } = request.params;
      const { ciRun } = request.body;
      const dir = folderOf(remote);
      const owner = registry.ownerOf(remote)!;
      const refusal = deployRefusal(actor, remote, owner);
      if (refusal) {
        await audit(actor, remote, version, 'refused', refusal, ciRun);
        throw new HttpProblem(403, 'forbidden', refusal, { owner });
      }
      const files: BuildFile[] = request.body.files.map((f) => {
        if (!BASE64.test(f.content))
          throw new HttpProblem(400, 'invalid-request', `${f.path}: content is not base64.`);
        return { path: f.path, bytes: Buffer.from(f.content, 'base64') };
      });
      let result;
      try {
        const record = checkBuild(remote, version, files);
        result = await builds.publish(dir, record, files);
      } catch (err) {
        if (err instanceof VersionConflict) {
          await audit(actor, remote, version, 'refused', err.message, ciRun);
          throw new HttpProblem(409, 'version-exists', err.message);
        }
        if (err instanceof BuildStoreError && err.name === 'BuildStoreError')
          throw new HttpProblem(400, 'invalid-build', err.message);
        throw err;
      }
      const auditId = await audit(actor, remote, version, 'applied', null, ciRun);
      reply.status(result.created ? 201 : 200);
      return { ...result.version, remote, created: result.created, auditId };
    },
  );
};
