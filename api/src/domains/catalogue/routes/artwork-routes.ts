import { createHash } from 'node:crypto';
import type { RoutesPlugin } from '../../../lib/define-routes';
import type { CatalogueContext } from '../catalogue-context';
import { Type } from 'typebox';
import { renderArtwork } from '../data/artwork';
import { notFound } from '../../../lib/http-errors';
import { aboveCeiling, allowedFor } from '../../../lib/maturity';
import { ErrorEnvelope } from '../../../lib/common-schemas';

/** Rendering is deterministic per title, so results are cached in memory and by browsers. */
const MAX_CACHED = 2000;

export const artworkRoutes: RoutesPlugin<CatalogueContext> = async (app, { ctx }) => {
  const cache = new Map<string, { svg: string; etag: string }>();

  app.get(
    '/artwork/:titleId/:file',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Generated poster or backdrop artwork (SVG)',
        description: 'image/svg+xml, cacheable for a week (ETag, 304). Card URLs point here.',
        params: Type.Object({
          titleId: Type.String({ minLength: 1, maxLength: 100 }),
          file: Type.Union([Type.Literal('poster.svg'), Type.Literal('backdrop.svg')]),
        }),
        // The picture, "not modified" for a matching ETag, or the JSON error envelope.
        response: {
          200: {
            description: 'The artwork',
            content: { 'image/svg+xml': { schema: Type.String() } },
          },
          304: { description: 'Not modified: the If-None-Match ETag is current', type: 'null' },
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      // A title above the viewer's ceiling shows no picture either (guests: GUEST_MATURITY).
      const rated = ctx.catalogue.find(request.params.titleId);
      if (rated && !allowedFor(rated.maturity, request.maturity))
        throw aboveCeiling(rated.maturity);
      const kind = request.params.file === 'poster.svg' ? 'poster' : 'backdrop';
      const key = `${request.params.titleId}/${kind}`;
      let entry = cache.get(key);
      if (!entry) {
        const t = await ctx.db
          .selectFrom('titles')
          .select(['id', 'name', 'art_seed'])
          .where('id', '=', request.params.titleId)
          .executeTakeFirst();
        if (!t) throw notFound('We could not find that title.');
        const svg = renderArtwork(kind, { id: t.id, name: t.name, artSeed: t.art_seed });
        entry = {
          svg,
          etag: `"${createHash('sha1').update(svg).digest('base64url').slice(0, 20)}"`,
        };
        if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
        cache.set(key, entry);
      }
      reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=604800')
        .header('etag', entry.etag)
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send(null);
      return reply.send(entry.svg);
    },
  );
};
