/**
 * The catalogue domain: reference data, queries, the search index, title detail, dashboard, My List,
 * watch history, artwork and the seed. Its plugin seeds an empty database, loads the index, offers
 * the queries to the other domains (`app.catalogue`) and registers its routes.
 * Another domain imports from this file only (a lint zone in eslint.config.mjs keeps it so);
 * what is not exported here is this domain's own.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TextMatcher } from '../../db/search-dialect';
import { registerRoutes } from '../../lib/define-routes';
import type { CatalogueContext, MediaReadiness } from './catalogue-context';
import { isSeeded, seedDatabase } from './data/seed-database';
import { artworkRoutes } from './routes/artwork-routes';
import { categoryRoutes } from './routes/category-routes';
import { continueWatchingRoutes } from './routes/continue-watching-routes';
import { dashboardRoutes } from './routes/dashboard-routes';
import { favouriteRoutes } from './routes/favourite-routes';
import { genreRoutes } from './routes/genre-routes';
import { ratingRoutes } from './routes/rating-routes';
import { titleIndexRoutes } from './routes/title-index-routes';
import { titleRoutes } from './routes/title-routes';
import { titleSearchRoutes } from './routes/title-search-routes';
import { CatalogueQueries } from './services/catalogue-queries';
import { CatalogueReference } from './services/catalogue-reference';
import { subscribeCatalogueReload } from './services/catalogue-reload';
import { SearchIndex } from './services/search-index';

export { type MediaClip, type CatalogueSeed } from './data/catalogue-types';
export {
  CLIP_SPECS,
  FEATURE_CLIP_KEYS,
  MEDIA_CLIP_KEYS,
  TRAILER_CLIP_KEYS,
  FPS,
  SEGMENT_SECONDS,
  FIRST_SEGMENT_SECONDS,
  clipDurationSeconds,
  clipSpec,
  type ClipSpec,
} from './data/media-clips';
export { type MediaReadiness } from './catalogue-context';
export { GenresBody, GenresResult } from './schemas/genre-schemas';
export { WatchLogBody, WatchLogParams, WatchLogResult } from './schemas/watch-log-schemas';
export { type CatalogueQueries, type Urls } from './services/catalogue-queries';
export { type CatalogueReference } from './services/catalogue-reference';
export {
  episodeOfSeries,
  episodeRef,
  nextEpisode,
  recordWatchProgress,
} from './services/watch-history';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueQueries;
  }
}

export interface CatalogueOptions {
  /** Which clips are ready (playback's MediaState): a trailer is offered only then. */
  media: MediaReadiness;
}

export const catalogue = fp(
  async (app: FastifyInstance, options: CatalogueOptions) => {
    const { config, db, dialect, sqlite, exclusive } = app.ctx;
    // Instances that start together seed once: the first takes the lock, the others find it done.
    await exclusive('catalogue-seed', async () => {
      if ((await isSeeded(db)) || !config.catalogue) return;
      const started = Date.now();
      await seedDatabase(db, dialect, config.catalogue());
      app.log.info(`Seeded the catalogue in ${Date.now() - started} ms`);
    });
    const ref = new CatalogueReference();
    await ref.load(db);
    const index = new SearchIndex();
    await index.load(db, ref);
    const ctx: CatalogueContext = {
      ...app.ctx,
      catalogue: new CatalogueQueries(ref, index, new TextMatcher(db, dialect, sqlite)),
      ref,
      media: options.media,
    };
    app.decorate('catalogue', ctx.catalogue);
    subscribeCatalogueReload(ctx);
    await registerRoutes(app, ctx, {
      v1: [
        genreRoutes,
        favouriteRoutes,
        titleSearchRoutes,
        titleIndexRoutes,
        categoryRoutes,
        titleRoutes,
        continueWatchingRoutes,
        ratingRoutes,
        dashboardRoutes,
        artworkRoutes,
      ],
    });
  },
  { name: 'catalogue' },
);
