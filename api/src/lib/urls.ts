import type { FastifyRequest } from 'fastify';

/** The absolute addresses of what this API serves, as the answers hand them out. */
export interface Urls {
  artwork(titleId: string, kind: 'poster' | 'backdrop'): string;
  media(path: string): string;
  /** A title's (or an episode's) WebVTT chapters. */
  chapters(titleId: string, episodeId?: string): string;
}

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
