import type { FastifyRequest } from 'fastify';
import type { Urls } from '../domains/catalogue/services/catalogue-queries';

/**
 * Absolute URLs, because the web app and this API live on different origins. The base is the
 * configured PUBLIC_URL; only in development (where config allows it to be missing) does the
 * request's own Host stand in.
 */
export function urlsFor(request: FastifyRequest, publicUrl?: string): Urls {
  const base = publicUrl ?? `${request.protocol}://${request.host}`;
  return {
    artwork: (titleId, kind) => `${base}/v1/artwork/${encodeURIComponent(titleId)}/${kind}.svg`,
    media: (p) => `${base}/media/${p}`,
    chapters: (titleId, episodeId) =>
      `${base}/v1/playback/${encodeURIComponent(titleId)}/chapters.vtt` +
      (episodeId ? `?episodeId=${encodeURIComponent(episodeId)}` : ''),
  };
}
