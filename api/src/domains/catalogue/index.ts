/**
 * The catalogue domain's entry: reference data, queries, the search index, title detail, dashboard, My List, watch history, artwork and the seed.
 * Another domain imports from this file only (a lint zone in eslint.config.mjs keeps it so);
 * what is not exported here is this domain's own.
 */
export { type MediaClip } from './data/catalogue-types';
export {
  CLIP_SPECS,
  FEATURE_CLIP_KEYS,
  MEDIA_CLIP_KEYS,
  TRAILER_CLIP_KEYS,
  FPS,
  SEGMENT_SECONDS,
  clipDurationSeconds,
  clipSpec,
  type ClipSpec,
} from './data/media-clips';
export { GenresBody, GenresResult } from './schemas/genre-schemas';
export { WatchLogBody, WatchLogParams, WatchLogResult } from './schemas/watch-log-schemas';
export { type Urls } from './services/catalogue-queries';
export { type CatalogueReference } from './services/catalogue-reference';
export {
  episodeOfSeries,
  episodeRef,
  nextEpisode,
  recordWatchProgress,
} from './services/watch-history';
