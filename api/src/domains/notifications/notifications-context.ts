import type { AppContext } from '../../lib/app-context';
import type { AuthTokens } from '../../lib/auth-tokens';
import type { Notifier } from './services/notifier';
import type { PushHub } from './services/push';

/** What the notifications routes use: the infrastructure, the sessions, and this domain's own services. */
export interface NotificationsContext extends AppContext {
  /** The auth plugin's: a stream ends when its session is revoked. */
  tokens: AuthTokens;
  push: PushHub;
  notifier: Notifier;
}
