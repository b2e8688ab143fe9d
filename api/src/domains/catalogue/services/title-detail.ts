import type { Static } from 'typebox';
import type { CatalogueContext } from '../catalogue-context';
import { HttpError, notFound } from '../../../lib/http-errors';
import { allowedFor } from '../../../lib/maturity';
import type { TitleDetail } from '../schemas/catalogue-schemas';
import type { Urls } from './catalogue-queries';
import { ratingOf } from './ratings';
import { episodeRef, nextEpisode, progressOf } from './watch-history';

type Ctx = Pick<CatalogueContext, 'db' | 'catalogue' | 'media'>;

/** A title's detail page in the viewer's country, with their list, resume point and next episode. */
export async function loadTitleDetail(
  ctx: Ctx,
  titleId: string,
  country: string,
  /** The signed-in device's profile; undefined for a guest. */
  /** The signed-in profile (none for a guest) and the request's maturity ceiling. */
  viewer: { profileId?: string; maturity?: number } | undefined,
  urls: Urls,
): Promise<Static<typeof TitleDetail>> {
  const userId = viewer?.profileId;
  // Card facts, genres and availability are in memory already; the database adds only the long-form text,
  // read by its integer key.
  const entry = ctx.catalogue.find(titleId);
  const t =
    entry &&
    (await ctx.db
      .selectFrom('titles')
      .select([
        'id',
        'type',
        'name',
        'synopsis',
        'audio_languages',
        'subtitle_languages',
        'director',
        'cast_json',
        'trailer_key',
      ])
      .where('seq', '=', entry.seq)
      .executeTakeFirst());
  if (!entry || !t) throw notFound('We could not find that title.');
  if (!allowedFor(entry.maturity, viewer?.maturity))
    throw new HttpError(403, `${entry.name} (${entry.maturity}) isn't available on this profile.`, {
      entitlement: 'maturity_ceiling',
      maturity: entry.maturity,
    });
  const genreIds = entry.genreIds;

  const [available, seasons, episodes, similar, favourite, logs, myRating] = await Promise.all([
    ctx.catalogue.isAvailable(t.id, country),
    t.type === 'series'
      ? ctx.db
          .selectFrom('seasons')
          .selectAll()
          .where('title_id', '=', t.id)
          .orderBy('number')
          .execute()
      : Promise.resolve([]),
    t.type === 'series'
      ? ctx.db
          .selectFrom('episodes')
          .selectAll()
          .where('title_id', '=', t.id)
          .orderBy('season_number')
          .orderBy('number')
          .execute()
      : Promise.resolve([]),
    genreIds[0]
      ? ctx.catalogue.genreRail(genreIds[0], country, 12, urls, [t.id], viewer?.maturity)
      : [],
    userId
      ? ctx.db
          .selectFrom('favourites')
          .select('title_id')
          .where('profile_id', '=', userId)
          .where('title_id', '=', t.id)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    userId
      ? ctx.db
          .selectFrom('watch_logs')
          .selectAll()
          .where('profile_id', '=', userId)
          .where('title_id', '=', t.id)
          .orderBy('updated_at', 'desc')
          .execute()
      : Promise.resolve([]),
    userId ? ratingOf(ctx.db, userId, t.id) : Promise.resolve(null),
  ]);

  const logByEpisode = new Map(logs.map((l) => [l.episode_id, l]));
  const latest = logs[0];
  let resume = null;
  let next = null;
  if (t.type === 'series' && episodes.length) {
    const current = latest ? episodes.find((e) => e.id === latest.episode_id) : undefined;
    if (current && latest && !latest.completed) {
      resume = {
        episodeId: current.id,
        position: latest.position,
        duration: latest.duration,
        percent: progressOf(latest).percent,
      };
      next = episodeRef(current);
    } else if (current) {
      const after = await nextEpisode(ctx.db, t.id, current.season_number, current.number);
      next = after ? episodeRef(after) : episodeRef(episodes[0]!);
    } else {
      next = episodeRef(episodes[0]!);
    }
  } else if (latest && !latest.completed) {
    resume = {
      episodeId: null,
      position: latest.position,
      duration: latest.duration,
      percent: progressOf(latest).percent,
    };
  }

  return {
    ...ctx.catalogue.card(entry, urls),
    synopsis: ctx.catalogue.ref.localized(
      t.id,
      { name: t.name, synopsis: t.synopsis },
      urls.language,
    ).synopsis,
    originalName: t.name,
    language: entry.language,
    audioLanguages: JSON.parse(t.audio_languages) as string[],
    subtitleLanguages: JSON.parse(t.subtitle_languages) as string[],
    countries: entry.productionCountries,
    director: t.director,
    cast: JSON.parse(t.cast_json) as Array<{ name: string; character: string }>,
    availableInYourCountry: available,
    country,
    trailer: t.trailer_key
      ? {
          url: urls.media({ titleId: t.id, lease: null }, `${t.trailer_key}/master.m3u8`),
          ready: ctx.media.isReady(t.trailer_key),
        }
      : null,
    inMyList: !!favourite,
    myRating,
    resume,
    nextEpisode: next,
    seasons: seasons.map((s) => ({
      id: s.id,
      number: s.number,
      name: s.name,
      year: s.year,
      episodes: episodes
        .filter((e) => e.season_id === s.id)
        .map((e) => {
          const log = logByEpisode.get(e.id);
          return {
            id: e.id,
            seasonId: e.season_id,
            seasonNumber: e.season_number,
            number: e.number,
            name: e.name,
            synopsis: e.synopsis,
            runtimeMinutes: e.runtime_minutes,
            hasIntro: e.intro_start !== null,
            progress: log ? progressOf(log) : null,
          };
        }),
    })),
    similar,
  };
}
