import type { Static } from 'typebox';
import type { CatalogueContext } from '../catalogue-context';
import { allowedFor } from '../../../lib/maturity';
import type { Dashboard } from '../schemas/catalogue-schemas';
import type { SortBy, TitleCard, Urls } from './catalogue-queries';
import { categorySummary } from './catalogue-reference';
import { genreName } from './catalogue-names';
import { translate, type MessageKey } from '../../../lib/i18n/messages';
import { continueWatching } from './watch-history';

type Ctx = Pick<CatalogueContext, 'db' | 'catalogue' | 'ref'>;
type Rail = { id: string; title: string; categorySlug: string | null; items: TitleCard[] };

const RAIL_SIZE = 20;
const RULE_RAILS: Array<[string, MessageKey, SortBy]> = [
  ['trending', 'rail.trending', 'popularity'],
  ['new-releases', 'rail.newReleases', 'newest'],
  ['top-rated', 'rail.topRated', 'rating'],
];

/** The profile's ratings: what it loved (newest first) and what is not for it. */
async function ratingsOf(ctx: Ctx, profileId: string) {
  const rows = await ctx.db
    .selectFrom('ratings')
    .select(['title_id', 'rating'])
    .where('profile_id', '=', profileId)
    .orderBy('updated_at', 'desc')
    .execute();
  return {
    loved: rows.filter((r) => r.rating === 2).map((r) => r.title_id),
    notForMe: new Set(rows.filter((r) => r.rating === -1).map((r) => r.title_id)),
  };
}

/**
 * The home screen. Signed-in viewers get continue watching, My List, "Because you loved …" rails from
 * their ratings and rails for their genres, without the titles they rated "Not for me" and within
 * their profile's maturity ceiling; guests may name the genres they picked on the interest screen.
 */
export async function buildDashboard(
  ctx: Ctx,
  country: string,
  /** The signed-in profile (none for a guest) and the request's maturity ceiling. */
  viewer: { profileId?: string; maturity?: number } | undefined,
  guestGenres: string[] | undefined,
  urls: Urls,
): Promise<Static<typeof Dashboard>> {
  const userId = viewer?.profileId;
  const maturity = viewer?.maturity;
  const { loved, notForMe } = userId
    ? await ratingsOf(ctx, userId)
    : { loved: [], notForMe: new Set<string>() };
  let genreIds: string[] = [];
  if (userId) {
    genreIds = (
      await ctx.db
        .selectFrom('user_genres')
        .select('genre_id')
        .where('profile_id', '=', userId)
        .execute()
    ).map((g) => g.genre_id);
  } else if (guestGenres?.length) {
    genreIds = guestGenres.map((g) => ctx.ref.findGenre(g)?.id).filter((g): g is string => !!g);
  }
  const personalised = genreIds.length > 0;
  if (!personalised) {
    genreIds = ctx.ref.categories
      .filter((c) => c.rule === 'genre' && c.genreId)
      .slice(0, 3)
      .map((c) => c.genreId!);
  }

  const byRule = (rule: string) => ctx.ref.categories.find((c) => c.rule === rule);
  const cw = userId
    ? await continueWatching(ctx.db, ctx.catalogue, userId, urls, maturity)
    : { movies: [], series: [] };
  const rails: Rail[] = [];

  // Continue watching travels only in `continueWatching` (with the episode to resume): a rail
  // copy of it made clients show the row twice.
  const continueItems = [...cw.series, ...cw.movies];

  if (userId) {
    const favs = await ctx.db
      .selectFrom('favourites')
      .select('title_id')
      .where('profile_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(RAIL_SIZE)
      .execute();
    const cards = ctx.catalogue.cardsByIds(
      favs.map((f) => f.title_id),
      urls,
    );
    const items = favs
      .map((f) => cards.get(f.title_id))
      .filter((c): c is TitleCard => !!c && allowedFor(c.maturity, maturity));
    if (items.length)
      rails.push({
        id: 'my-list',
        title: translate('rail.myList', urls.language),
        categorySlug: null,
        items,
      });
  }

  for (const [rule, title, sortBy] of RULE_RAILS) {
    const category = byRule(rule);
    if (!category) continue;
    const items = ctx.catalogue.rail(
      { categories: [category.id], country, maturity, sortBy },
      RAIL_SIZE,
      urls,
      [...notForMe],
    );
    if (items.length)
      rails.push({
        id: category.slug,
        title: translate(title, urls.language),
        categorySlug: category.slug,
        items,
      });
  }
  for (const titleId of loved.slice(0, 2)) {
    const source = ctx.catalogue.find(titleId);
    const genreId = source?.genreIds[0];
    if (!source || !genreId || !allowedFor(source.maturity, maturity)) continue;
    const items = ctx.catalogue.genreRail(
      genreId,
      country,
      RAIL_SIZE,
      urls,
      [titleId, ...loved, ...notForMe],
      maturity,
    );
    if (items.length)
      rails.push({
        id: `loved-${titleId}`,
        title: translate('rail.becauseYouLoved', urls.language, {
          title: ctx.ref.localized(source.id, { name: source.name }, urls.language).name,
        }),
        categorySlug: null,
        items,
      });
  }
  for (const genreId of genreIds.slice(0, 4)) {
    const genre = ctx.ref.genreById.get(genreId);
    if (!genre) continue;
    const items = ctx.catalogue.genreRail(genreId, country, RAIL_SIZE, urls, notForMe, maturity);
    const category = ctx.ref.categories.find((c) => c.rule === 'genre' && c.genreId === genreId);
    if (items.length) {
      rails.push({
        id: `genre-${genre.slug}`,
        title: personalised
          ? translate('rail.becauseYouLike', urls.language, {
              genre: genreName(genre, urls.language),
            })
          : genreName(genre, urls.language),
        categorySlug: category?.slug ?? null,
        items,
      });
    }
  }
  const seriesCategory = byRule('series');
  if (seriesCategory) {
    const items = ctx.catalogue.rail(
      { categories: [seriesCategory.id], country, maturity },
      RAIL_SIZE,
      urls,
      [...notForMe],
    );
    if (items.length)
      rails.push({
        id: seriesCategory.slug,
        title: translate('rail.seriesToBinge', urls.language),
        categorySlug: seriesCategory.slug,
        items,
      });
  }

  // Hero: the most popular title of the viewer's first genre they haven't started, else the top trending title.
  const started = new Set(continueItems.map((i) => i.id));
  const heroCard = (
    rails.find((r) => r.id.startsWith('genre-') && personalised)?.items ??
    rails.find((r) => r.id === 'trending')?.items ??
    []
  ).find((c) => !started.has(c.id));
  let hero = null;
  if (heroCard) {
    const extra = await ctx.db
      .selectFrom('titles')
      .select(['synopsis', 'trailer_key'])
      .where('id', '=', heroCard.id)
      .executeTakeFirstOrThrow();
    hero = {
      ...heroCard,
      synopsis: ctx.ref.localized(
        heroCard.id,
        { name: '', synopsis: extra.synopsis },
        urls.language,
      ).synopsis,
      trailerUrl: extra.trailer_key
        ? urls.media({ titleId: heroCard.id, lease: null }, `${extra.trailer_key}/master.m3u8`)
        : null,
    };
  }

  return {
    country,
    personalised,
    hero,
    rails,
    continueWatching: cw,
    categories: ctx.ref.categories.map((c) => categorySummary(c, urls.language)),
  };
}
