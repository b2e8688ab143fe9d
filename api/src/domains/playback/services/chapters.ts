import type { PlaybackContext } from '../playback-context';
import { badRequest, foundOr404 } from '../../../lib/http-errors';
import { aboveCeiling, allowedFor } from '../../../lib/maturity';
import { clipDurationSeconds } from '../../catalogue';
import { vttTime } from '../media/hls-playlists';
import { episodeOfSeries } from '../../catalogue';

/**
 * Chapter markers of a title or an episode, served as WebVTT chapters beside the subtitles.
 * Derived from what the catalogue knows (the episode's intro and credits markers, the media's
 * length) with deterministic names per title, so a title always has the same chapters.
 */
export interface Chapter {
  start: number;
  end: number;
  title: string;
}

const PART_NAMES = [
  'The Arrival',
  'Old Friends',
  'A Door Left Open',
  'The Storm',
  'Crossing Over',
  'Night Watch',
  'The Letter',
  'Under the Lighthouse',
  'Turning Tide',
  'The Map',
  'Homecoming',
  'Last Light',
];

/** FNV-1a: the same title always picks the same names. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function buildChapters(input: {
  seed: string;
  duration: number;
  introStart?: number | null;
  introEnd?: number | null;
  creditsStart?: number | null;
}): Chapter[] {
  const { duration } = input;
  if (!(duration > 0)) return [];
  // Markers outside the media (catalogue data for a longer cut) are ignored.
  const inside = (t: number | null | undefined): t is number => t != null && t > 0 && t < duration;
  const introEnd = inside(input.introEnd) ? input.introEnd : null;
  const introStart = introEnd !== null && inside(input.introStart) ? input.introStart : null;
  const creditsStart =
    inside(input.creditsStart) && input.creditsStart > (introEnd ?? 0) + 10
      ? input.creditsStart
      : null;

  const chapters: Chapter[] = [];
  const add = (start: number, end: number, title: string) => {
    if (end - start >= 1) chapters.push({ start, end, title });
  };
  if (introEnd !== null) {
    if (introStart !== null) add(0, introStart, 'Cold Open');
    add(introStart ?? 0, introEnd, 'Opening Titles');
  }
  const bodyStart = introEnd ?? 0;
  const bodyEnd = creditsStart ?? duration;
  // About one chapter per 25 s of these short clips, two to four of them.
  const parts = Math.max(2, Math.min(4, Math.round((bodyEnd - bodyStart) / 25)));
  const first = hash(input.seed) % PART_NAMES.length;
  for (let i = 0; i < parts; i += 1) {
    const start = bodyStart + ((bodyEnd - bodyStart) * i) / parts;
    const end = bodyStart + ((bodyEnd - bodyStart) * (i + 1)) / parts;
    add(Math.round(start), Math.round(end), PART_NAMES[(first + i) % PART_NAMES.length]!);
  }
  if (creditsStart !== null) add(creditsStart, duration, 'End Credits');
  return chapters;
}

export function chaptersVtt(chapters: readonly Chapter[]): string {
  const cues = chapters.map(
    (c, i) => `chapter-${i + 1}\n${vttTime(c.start)} --> ${vttTime(c.end)}\n${c.title}\n`,
  );
  return ['WEBVTT', '', ...cues].join('\n');
}

type Ctx = Pick<PlaybackContext, 'db' | 'media'>;

/** The chapters of a movie, or of one episode of a series (which must be named). */
export async function titleChapters(
  ctx: Ctx,
  titleId: string,
  episodeId: string | undefined,
  /** The viewer's maturity ceiling: a title above it tells nothing of itself. */
  maturity?: number,
): Promise<Chapter[]> {
  const t = await foundOr404(
    ctx.db
      .selectFrom('titles')
      .select(['id', 'type', 'media_key', 'runtime_minutes', 'maturity'])
      .where('id', '=', titleId)
      .executeTakeFirst(),
    'We could not find that title.',
  );
  if (!allowedFor(t.maturity, maturity)) throw aboveCeiling(t.maturity);
  if (t.type === 'series' && !episodeId)
    throw badRequest('Name the episode.', { episodeId: 'required for a series' });
  if (t.type !== 'series' && episodeId)
    throw badRequest('Movies have no episodes.', { episodeId: 'must be empty for movies' });
  const episode = episodeId ? await episodeOfSeries(ctx.db, t.id, episodeId) : null;
  const mediaKey = episode ? episode.media_key : t.media_key;
  // The media's own length when it is there; else the clip's planned length; else the runtime.
  let duration = ctx.media.clip(mediaKey)?.durationSeconds;
  if (duration === undefined) {
    try {
      duration = clipDurationSeconds(mediaKey);
    } catch {
      duration = (episode ?? t).runtime_minutes * 60;
    }
  }
  return buildChapters({
    seed: episode ? `${t.id}/${episode.id}` : t.id,
    duration,
    introStart: episode?.intro_start,
    introEnd: episode?.intro_end,
    creditsStart: episode?.credits_start,
  });
}
