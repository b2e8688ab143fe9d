import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpProblem } from '../http-problem';
import { signPreview } from '../preview-token';
import {
  DEFAULT_PREVIEW_TTL_SECONDS,
  PreviewBody,
  PreviewLink,
  PublicKeySet,
} from '../preview-schemas';
import { answers, EnvironmentParams, Problem, type CompositionDocument } from '../schemas';
import { authenticate } from './authenticate';
import { missingEnvironment, ownerOrMissing, refuseOutOfScope } from './edit-guard';

/** The environment whose viewers are real customers: it never serves a preview, whatever its document says. */
export const PRODUCTION = 'production';

/**
 * Why an environment serves no preview link, or null when it does: production never; another only
 * when its document says `overrides.previews: true` and names its shell (the link's page).
 */
export function previewsRefusal(environment: string, doc: CompositionDocument): string | null {
  if (environment === PRODUCTION)
    return 'production never serves preview links: a link would put an unreleased build before real viewers.';
  if ((doc.overrides as { previews?: unknown } | undefined)?.previews !== true)
    return `${environment} does not allow preview links (its document's "overrides.previews" is not true).`;
  if (!doc.shell)
    return `${environment}'s document names no shell (its "shell" URL), so a link has no page to open.`;
  return null;
}

/**
 * Preview links: a build composed for whoever opens the link, in one environment, for a limited time,
 * without changing the environment. The control plane signs the link (Ed25519, preview-token.ts) and
 * publishes its public keys; the environment's shell host verifies a link offline.
 */
export const previewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { environments, previewKeys } = app.controlPlane;

  app.get(
    '/keys',
    {
      schema: {
        tags: ['previews'],
        summary: 'The public keys preview links are signed with',
        description:
          'A JWK set (Ed25519). Public: a shell host fetches it to verify links without asking the control plane per view.',
        response: answers(PublicKeySet),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { keys: await previewKeys.published() };
    },
  );

  app.post(
    '/environments/:environment/previews',
    {
      schema: {
        tags: ['previews'],
        summary: 'Sign a preview link: one build of one remote, for whoever opens it, for a while',
        description:
          "The link opens the environment's shell composing `manifest` for `remote` (through the same gate as a " +
          'manual override) until it expires (24 h at most). The document does not change; the link is audited ' +
          "('preview'). A team token signs only for its own remotes (403, audited); 422 where previews are off " +
          '(always in production).',
        security: [{ bearerAuth: [] }],
        params: EnvironmentParams,
        body: PreviewBody,
        response: {
          ...answers(PreviewLink),
          422: {
            ...Problem,
            description: 'This environment serves no preview links (production never does).',
          },
        },
      },
    },
    async (request) => {
      const actor = await authenticate(request);
      const { environment } = request.params;
      const { remote, manifest } = request.body;
      const version = request.body.version ?? '*';
      const ttl = request.body.ttlSeconds ?? DEFAULT_PREVIEW_TTL_SECONDS;
      const owner = ownerOrMissing(app, remote);
      const view = await environments.get(environment);
      if (!view) throw missingEnvironment(environment);
      const requested = { manifest, version };
      const audited = {
        environment,
        remote,
        action: 'preview' as const,
        actor,
        toEntry: requested,
      };
      await refuseOutOfScope(app, { ...audited, owner, requested });
      const refusal = previewsRefusal(environment, view.document);
      if (refusal) {
        await environments.record(audited, 'refused', refusal);
        throw new HttpProblem(422, 'previews-off', refusal);
      }
      const { kid, key } = await previewKeys.signing();
      const iat = Math.floor(previewKeys.now().getTime() / 1000);
      const exp = iat + ttl;
      const jti = randomBytes(9).toString('base64url');
      const token = signPreview(
        { v: 1, kid, jti, env: environment, remote, manifest, version, iat, exp },
        key,
      );
      const expiresAt = new Date(exp * 1000).toISOString();
      const auditId = await environments.record(
        audited,
        'applied',
        `preview link ${jti} (key ${kid}) until ${expiresAt}`,
      );
      const url = new URL('/', view.document.shell);
      url.searchParams.set('preview', token);
      return {
        url: url.toString(),
        token,
        id: jti,
        environment,
        remote,
        manifest,
        version,
        expiresAt,
        keyId: kid,
        auditId,
      };
    },
  );
};
