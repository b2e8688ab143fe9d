import type { FastifyRequest } from 'fastify';
import type { Urls } from '../services/catalogue-queries';

/** Absolute URLs, because the web app and this API live on different origins. */
export function urlsFor(request: FastifyRequest, publicUrl?: string): Urls {
  const base = publicUrl ?? `${request.protocol}://${request.host}`;
  return {
    artwork: (titleId, kind) => `${base}/v1/artwork/${encodeURIComponent(titleId)}/${kind}.svg`,
    media: (p) => `${base}/media/${p}`,
  };
}

export function baseUrl(request: FastifyRequest, publicUrl?: string): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
