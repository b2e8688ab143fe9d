import { aboveCeiling, allowedFor } from '../../../lib/maturity';
import type { Kysely } from 'kysely';
import type { Database, EpisodesTable } from '../../../db/schema';
import { badRequest, foundOr404 } from '../../../lib/http-errors';
import { nowIso } from '../../../lib/ids';
import type { WatchLogBody, WatchLogResult } from '../schemas/watch-log-schemas';
import type { CatalogueQueries, Progress, TitleCard, Urls } from './catalogue-queries';

export interface ContinueItem extends TitleCard {
  progress: Progress;
  episode: {
    id: string;
    seasonId: string;
    seasonNumber: number;
    number: number;
    name: string;
  } | null;
}

export const episodeRef = (
  e: Pick<EpisodesTable, 'id' | 'season_id' | 'season_number' | 'number' | 'name'>,
) => ({
  id: e.id,
  seasonId: e.season_id,
  seasonNumber: e.season_number,
  number: e.number,
  name: e.name,
});

export function progressOf(row: {
  position: number;
  duration: number;
  completed: number;
  updated_at: string;
}): Progress {
  const percent =
    row.duration > 0 ? Math.min(100, Math.round((row.position / row.duration) * 1000) / 10) : 0;
  return {
    position: row.position,
    duration: row.duration,
    percent,
    completed: !!row.completed,
    updatedAt: row.updated_at,
  };
}

/** The episode after (season, number), crossing into the next season. */
export async function nextEpisode(
  db: Kysely<Database>,
  titleId: string,
  seasonNumber: number,
  number: number,
) {
  return db
    .selectFrom('episodes')
    .select(['id', 'season_id', 'season_number', 'number', 'name', 'runtime_minutes'])
    .where('title_id', '=', titleId)
    .where((eb) =>
      eb.or([
        eb('season_number', '>', seasonNumber),
        eb.and([eb('season_number', '=', seasonNumber), eb('number', '>', number)]),
      ]),
    )
    .orderBy('season_number')
    .orderBy('number')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Movies stay until finished. A series shows the episode in progress, or the
 * next one once the last watched episode is finished; it leaves after the finale.
 */
export async function continueWatching(
  db: Kysely<Database>,
  catalogue: CatalogueQueries,
  userId: string,
  urls: Urls,
  /** The profile's maturity ceiling: a title above it (the ceiling was lowered since) is left out. */
  maturity?: number,
  limit = 20,
): Promise<{ movies: ContinueItem[]; series: ContinueItem[] }> {
  const logs = await db
    .selectFrom('watch_logs')
    .select(['title_id', 'episode_id', 'position', 'duration', 'completed', 'updated_at', 'hidden'])
    .where('profile_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .limit(300)
    .execute();
  const latest = new Map<string, (typeof logs)[number]>();
  for (const log of logs) if (!latest.has(log.title_id)) latest.set(log.title_id, log);
  const cards = catalogue.cardsByIds([...latest.keys()], urls);
  const movies: ContinueItem[] = [];
  const series: ContinueItem[] = [];
  for (const [titleId, log] of latest) {
    const card = cards.get(titleId);
    // The viewer removed it from the row: it comes back only when they watch it again.
    if (!card || log.hidden || !allowedFor(card.maturity, maturity)) continue;
    if (card.type === 'movie') {
      if (!log.completed && movies.length < limit)
        movies.push({ ...card, progress: progressOf(log), episode: null });
      continue;
    }
    if (series.length >= limit) continue;
    const episode = await db
      .selectFrom('episodes')
      .select(['id', 'season_id', 'season_number', 'number', 'name', 'runtime_minutes'])
      .where('id', '=', log.episode_id)
      .executeTakeFirst();
    if (!episode) continue;
    if (!log.completed) {
      series.push({ ...card, progress: progressOf(log), episode: episodeRef(episode) });
      continue;
    }
    const next = await nextEpisode(db, titleId, episode.season_number, episode.number);
    if (next) {
      series.push({
        ...card,
        progress: {
          position: 0,
          duration: next.runtime_minutes * 60,
          percent: 0,
          completed: false,
          updatedAt: log.updated_at,
        },
        episode: episodeRef(next),
      });
    }
  }
  return { movies, series };
}

/**
 * THE finished rule (clients read `progress.completed` rather than repeating it): the player said so,
 * the credits have started, or 95% is watched.
 */
export function isFinished(
  position: number,
  duration: number,
  creditsStart: number | null | undefined,
  reported?: boolean,
): boolean {
  return (
    reported === true ||
    position / duration >= 0.95 ||
    (creditsStart != null && position >= creditsStart)
  );
}

/** The episode, or a 404 when it is not one of this series'. */
export function episodeOfSeries(db: Kysely<Database>, titleId: string, episodeId: string) {
  return foundOr404(
    db
      .selectFrom('episodes')
      .selectAll()
      .where('id', '=', episodeId)
      .where('title_id', '=', titleId)
      .executeTakeFirst(),
    'That episode is not part of this series.',
  );
}

/** Upserts the viewer's log for a movie or an episode; a finished episode points at the next one. */
export async function recordWatchProgress(
  db: Kysely<Database>,
  userId: string,
  titleId: string,
  body: WatchLogBody,
  /** The profile's maturity ceiling: a title above it has no progress to record. */
  maturity?: number,
): Promise<WatchLogResult> {
  const title = await foundOr404(
    db
      .selectFrom('titles')
      .select(['id', 'type', 'maturity'])
      .where('id', '=', titleId)
      .executeTakeFirst(),
    'We could not find that title.',
  );
  if (!allowedFor(title.maturity, maturity)) throw aboveCeiling(title.maturity);
  const { duration, episodeId } = body;
  const position = Math.min(body.position, duration);
  let episode = null;
  if (title.type === 'series') {
    if (!episodeId)
      throw badRequest('Say which episode is playing.', {
        episodeId: 'is required for series',
      });
    episode = await episodeOfSeries(db, title.id, episodeId);
  } else if (episodeId) {
    throw badRequest('Movies have no episodes.', { episodeId: 'must be empty for movies' });
  }
  const completed = isFinished(position, duration, episode?.credits_start, body.completed);
  const row = {
    profile_id: userId,
    title_id: title.id,
    episode_id: episode?.id ?? '',
    season_id: episode?.season_id ?? '',
    position,
    duration,
    completed: completed ? 1 : 0,
    updated_at: nowIso(),
  };
  await db
    .insertInto('watch_logs')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['profile_id', 'title_id', 'episode_id']).doUpdateSet({
        position: row.position,
        duration: row.duration,
        completed: row.completed,
        updated_at: row.updated_at,
        season_id: row.season_id,
        hidden: 0,
      }),
    )
    .execute();
  const next =
    episode && completed
      ? await nextEpisode(db, title.id, episode.season_number, episode.number)
      : null;
  return { progress: progressOf(row), nextEpisode: next ? episodeRef(next) : null };
}

/** "Remove from Continue watching": the title's logs stay (its progress, its history) but leave the row until watched again. */
export async function hideFromContinueWatching(
  db: Kysely<Database>,
  profileId: string,
  titleId: string,
): Promise<void> {
  await db
    .updateTable('watch_logs')
    .set({ hidden: 1 })
    .where('profile_id', '=', profileId)
    .where('title_id', '=', titleId)
    .execute();
}

/**
 * "Mark as watched": a movie, or every episode of a series, finished (a series then leaves the row, as after
 * its finale). "Mark as unwatched": the title's progress is forgotten, as if never started.
 */
export async function markWatched(
  db: Kysely<Database>,
  profileId: string,
  titleId: string,
  watched: boolean,
): Promise<void> {
  const title = await foundOr404(
    db
      .selectFrom('titles')
      .select(['id', 'type', 'runtime_minutes'])
      .where('id', '=', titleId)
      .executeTakeFirst(),
    'We could not find that title.',
  );
  if (!watched) {
    await db
      .deleteFrom('watch_logs')
      .where('profile_id', '=', profileId)
      .where('title_id', '=', title.id)
      .execute();
    return;
  }
  const parts =
    title.type === 'series'
      ? await db
          .selectFrom('episodes')
          .select(['id', 'season_id', 'runtime_minutes', 'season_number', 'number'])
          .where('title_id', '=', title.id)
          .orderBy('season_number')
          .orderBy('number')
          .execute()
      : [{ id: '', season_id: '', runtime_minutes: title.runtime_minutes }];
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('watch_logs')
      .where('profile_id', '=', profileId)
      .where('title_id', '=', title.id)
      .execute();
    // Oldest first, so the finale is the latest log (the row then has nothing to resume).
    const rows = parts.map((p, i) => ({
      profile_id: profileId,
      title_id: title.id,
      episode_id: p.id,
      season_id: p.season_id,
      position: p.runtime_minutes * 60,
      duration: p.runtime_minutes * 60,
      completed: 1,
      updated_at: new Date(now - (parts.length - i)).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto('watch_logs')
        .values(rows.slice(i, i + 200))
        .execute();
  });
}
