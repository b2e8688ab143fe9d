import type { AppContext } from '../../lib/app-context';
import type { CatalogueQueries } from './services/catalogue-queries';
import type { CatalogueReference } from './services/catalogue-reference';

/**
 * Which media clips have been generated (a trailer is offered only when ready). Playback's
 * MediaState is one; app.ts hands it in, so the catalogue does not depend on playback.
 */
export interface MediaReadiness {
  isReady(mediaKey: string): boolean;
}

/** What the catalogue routes use: the infrastructure and this domain's queries and reference data. */
export interface CatalogueContext extends AppContext {
  catalogue: CatalogueQueries;
  ref: CatalogueReference;
  media: MediaReadiness;
}
