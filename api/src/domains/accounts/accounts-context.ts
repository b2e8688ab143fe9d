import type { AppContext } from '../../lib/app-context';
import type { AuthTokens } from '../../lib/auth-tokens';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Billing } from '../billing';
import type { CatalogueReference } from '../catalogue';
import type { Notifier } from '../notifications';
import type { Mailer } from './services/mailer';
import type { SocialLoginVerifier } from './services/social-login';
import type { VerificationCodes } from './services/verification-codes';

/** The accounts domain's rate limits (counted in the database, shared by every instance). */
export interface AccountsLimits {
  /** Failed sign-ins per account and client address together, for clients without a device cookie. */
  loginClient: RateLimiter;
  /** Failed sign-ins per account from every untrusted client; past it only trusted devices get through. */
  loginAccount: RateLimiter;
  /** Failed sign-ins per trusted device (a device cookie of the account, keyed by its nonce). */
  loginDevice: RateLimiter;
  /** Sign-in attempts per client address. */
  loginIp: RateLimiter;
  /** Emails sent per address or account (help-cms counts its confirmations here too). */
  emails: RateLimiter;
  /** Avatar uploads per user. */
  uploads: RateLimiter;
  /** Copies of the account's data per user. */
  exports: RateLimiter;
  /** Account-password checks by a signed-in session (profiles, kids sign-out, export, password change), per user. */
  accountPassword: RateLimiter;
  /** Wrong passwords (or emails) given to delete the account, per user. */
  accountDeletion: RateLimiter;
}

/** What the accounts routes use: the infrastructure, this domain's services and what it takes from others. */
export interface AccountsContext extends AppContext {
  /** The auth plugin's: sign-in opens sessions, sign-out and password changes revoke them. */
  tokens: AuthTokens;
  mailer: Mailer;
  codes: VerificationCodes;
  social: SocialLoginVerifier | null;
  /** Billing's: the viewer's plan is part of the user view, and deleting an account ends it. */
  billing: Billing;
  /** Notifications': security events go to the viewer's inbox. */
  notifier: Notifier;
  /** The catalogue's: favourite genres are the catalogue's genres. */
  ref: CatalogueReference;
  limits: AccountsLimits;
}
