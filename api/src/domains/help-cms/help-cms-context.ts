import type { AppContext } from '../../lib/app-context';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Mailer } from '../accounts';

/** What the help and CMS routes use: the infrastructure, the accounts' mailer, and its own limits. */
export interface HelpCmsContext extends AppContext {
  /** The accounts domain's mailer, and its per-address email limit (a guest's confirmation counts there). */
  mailer: Mailer;
  limits: {
    emails: RateLimiter;
    /** Help-widget messages per user. */
    help: RateLimiter;
    /** Help-widget messages from guests per client address. */
    helpGuests: RateLimiter;
  };
}
