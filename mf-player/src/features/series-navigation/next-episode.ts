/** Which episode comes before/after, and whether the next one starts by itself. Pure. */

export interface EpisodeLite {
  id: string;
  seasonId: string;
  seasonNumber: number;
  number: number;
  name: string;
}

export interface SeasonLite {
  id: string;
  number: number;
  episodes: EpisodeLite[];
}

/** Episodes in viewing order: season by season, episode by episode. */
export function episodeOrder(seasons: SeasonLite[]): EpisodeLite[] {
  return [...seasons]
    .sort((a, b) => a.number - b.number)
    .flatMap((s) => [...s.episodes].sort((a, b) => a.number - b.number));
}

/** The episode after `currentId`: the next in its season, else the next season's first; null after the finale. */
export function nextEpisodeOf(seasons: SeasonLite[], currentId: string): EpisodeLite | null {
  const order = episodeOrder(seasons);
  const i = order.findIndex((e) => e.id === currentId);
  return i >= 0 && i + 1 < order.length ? order[i + 1]! : null;
}

export function previousEpisodeOf(seasons: SeasonLite[], currentId: string): EpisodeLite | null {
  const order = episodeOrder(seasons);
  const i = order.findIndex((e) => e.id === currentId);
  return i > 0 ? order[i - 1]! : null;
}

/** Seconds of countdown on the next-episode overlay before the next episode starts. */
export const NEXT_EPISODE_COUNTDOWN_SECONDS = 10;
/** Without a credits marker the overlay shows this long before the end. */
export const NEXT_EPISODE_LEAD_SECONDS = 15;

/** When the next-episode overlay appears: at the credits, or shortly before the end. */
export function nextEpisodeOverlayStart(
  duration: number,
  creditsStart: number | null | undefined,
): number {
  if (creditsStart != null && creditsStart > 0 && creditsStart < duration) return creditsStart;
  return Math.max(0, duration - NEXT_EPISODE_LEAD_SECONDS);
}

export type NextEpisodePlan =
  | { kind: 'none' }
  /** Show the overlay with a countdown; play the next episode when it reaches zero. */
  | { kind: 'countdown'; seconds: number }
  /** Show the overlay with a button only (autoplay is off or the viewer cancelled). */
  | { kind: 'prompt' };

export function planNextEpisode(opts: {
  hasNext: boolean;
  position: number;
  duration: number;
  creditsStart: number | null | undefined;
  autoplay: boolean;
  cancelled: boolean;
}): NextEpisodePlan {
  if (!opts.hasNext || !(opts.duration > 0)) return { kind: 'none' };
  if (opts.position < nextEpisodeOverlayStart(opts.duration, opts.creditsStart))
    return { kind: 'none' };
  if (!opts.autoplay || opts.cancelled) return { kind: 'prompt' };
  return { kind: 'countdown', seconds: NEXT_EPISODE_COUNTDOWN_SECONDS };
}
