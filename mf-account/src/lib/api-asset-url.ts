import { getRuntimeConfig } from '@streamflix/shared';

/**
 * The API returns its own files (avatars) as paths, so no Host header ever ends up in stored
 * data; they live on the API's origin, not the page's. Absolute URLs (a social provider's
 * picture, avatars stored before) pass through.
 */
export function apiAssetUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, `${getRuntimeConfig().apiOrigin}/`).href;
}
