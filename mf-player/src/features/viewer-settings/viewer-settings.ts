/**
 * The viewer's playback settings from their profile (GET /users/{id}). The account area
 * owns them; the field names are read defensively so the player keeps working before
 * and after the profile grows them. Autoplay is on unless the viewer turned it off.
 */
export interface ViewerPlaybackSettings {
  autoplayNextEpisode: boolean;
  subtitleLanguage: string | null;
}

type Loose = Record<string, unknown> | null | undefined;

const pick = (objs: Loose[], keys: string[]): unknown => {
  for (const o of objs) {
    if (!o || typeof o !== 'object') continue;
    for (const k of keys) if (k in o && o[k] !== undefined) return o[k];
  }
  return undefined;
};

export function viewerPlaybackSettings(user: unknown): ViewerPlaybackSettings {
  const u = (user && typeof user === 'object' ? user : {}) as Record<string, unknown>;
  const nested = ['playback', 'playbackSettings', 'preferences', 'settings'].map(
    (k) => u[k] as Loose,
  );
  const sources: Loose[] = [u, ...nested];
  const autoplay = pick(sources, [
    'autoplayNextEpisode',
    'autoPlayNextEpisode',
    'autoplay',
    'autoPlay',
  ]);
  const lang = pick(sources, [
    'subtitleLanguage',
    'defaultSubtitleLanguage',
    'subtitlesLanguage',
    'subtitles',
  ]);
  return {
    autoplayNextEpisode: autoplay !== false,
    subtitleLanguage: typeof lang === 'string' && lang && lang !== 'off' ? lang : null,
  };
}
