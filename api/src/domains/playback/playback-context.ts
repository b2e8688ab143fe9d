import type { AppContext } from '../../lib/app-context';
import type { Billing } from '../billing';
import type { CatalogueQueries } from '../catalogue';
import type { MediaAccessCheck } from './services/media-refusal';
import type { MediaState } from './services/media-state';

/** What the playback routes use: the infrastructure, the media state, and entitlement and titles from others. */
export interface PlaybackContext extends AppContext {
  media: MediaState;
  /** Billing's: whether the viewer's plan allows playing, and how many screens. */
  billing: Billing;
  /** The catalogue's: the titles and where each is available. */
  catalogue: CatalogueQueries;
  /** Who may fetch a signed media address now (lease, plan, ceiling), answers cached a second. */
  mediaAccess: MediaAccessCheck;
}
