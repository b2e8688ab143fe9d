import type { FastifyRequest } from 'fastify';
import { MediaUrlSigner, type MediaGrant } from './media-urls';
import type { Language } from './i18n/languages';
import { requestLanguage } from '../plugins/language';

/** The absolute addresses of what this API serves, as the answers hand them out. */
export interface Urls {
  artwork(titleId: string, kind: 'poster' | 'backdrop'): string;
  /**
   * A media file (`<mediaKey>/master.m3u8`, `<mediaKey>/subs/en.vtt`), signed for this title and
   * stream lease (lib/media-urls.ts): the first path segment is the media key.
   */
  media(grant: MediaGrant, path: string): string;
  /** A title's (or an episode's) WebVTT chapters. */
  chapters(titleId: string, episodeId?: string): string;
  /** The language the answer speaks (plugins/language.ts): cards name titles and genres in it. */
  language: Language;
}

export interface UrlConfig {
  publicUrl?: string;
  mediaUrlSecret: string;
  mediaUrlTtlSeconds: number;
}

/**
 * Absolute URLs, because the web app and this API live on different origins. The base is the
 * configured PUBLIC_URL; only in development (where config allows it to be missing) does the
 * request's own Host stand in.
 */
export function urlsFor(request: FastifyRequest, config: UrlConfig): Urls {
  const base = config.publicUrl ?? `${request.protocol}://${request.host}`;
  const signer = new MediaUrlSigner(config.mediaUrlSecret, config.mediaUrlTtlSeconds);
  return {
    artwork: (titleId, kind) => `${base}/v1/artwork/${encodeURIComponent(titleId)}/${kind}.svg`,
    media: (grant, p) => {
      const slash = p.indexOf('/');
      return `${base}${signer.folder(grant, p.slice(0, slash))}${p.slice(slash + 1)}`;
    },
    chapters: (titleId, episodeId) =>
      `${base}/v1/playback/${encodeURIComponent(titleId)}/chapters.vtt` +
      (episodeId ? `?episodeId=${encodeURIComponent(episodeId)}` : ''),
    language: requestLanguage(request),
  };
}
