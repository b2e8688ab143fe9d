import type { AppContext } from '../../lib/app-context';
import type { Billing } from '../billing';
import type { CatalogueQueries } from '../catalogue';
import type { PushHub } from '../notifications';
import type { MediaState } from '../playback';

/** What the operations routes use: the infrastructure, and what they report on from the other domains. */
export interface OperationsContext extends AppContext {
  /** Playback's: readiness waits for the media. */
  media: MediaState;
  /** Billing's: payment outcomes are counted. */
  billing: Billing;
  /** The catalogue's: player reports name titles it knows. */
  catalogue: CatalogueQueries;
  /** Notifications': open event streams are a gauge. */
  push: PushHub;
}
