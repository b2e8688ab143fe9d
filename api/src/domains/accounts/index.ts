/**
 * The accounts domain: sign-up, sign-in, passwords, verification, social login, profiles, households
 * and the account's data. Its plugin builds the mailer, the verification codes and its rate limits,
 * offers the mailer to the other domains (`app.mailer`, `app.emailLimit`) and registers its routes.
 * Another domain imports from this file only (a lint zone in eslint.config.mjs keeps it so);
 * what is not exported here is this domain's own.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoutes } from '../../lib/define-routes';
import { RateLimiter } from '../../lib/rate-limiter';
import type { AccountsContext } from './accounts-context';
import { authRoutes } from './routes/auth-routes';
import { dataRightsRoutes } from './routes/data-rights-routes';
import { devOutboxRoutes } from './routes/dev-outbox-routes';
import { householdRoutes } from './routes/household-routes';
import { notificationSettingsRoutes } from './routes/notification-settings-routes';
import { passwordRoutes } from './routes/password-routes';
import { profileRoutes } from './routes/profile-routes';
import { userGenreRoutes } from './routes/user-genre-routes';
import { Mailer, purgeOutboxContent, smtpTransport } from './services/mailer';
import { firebaseVerifier, type SocialLoginVerifier } from './services/social-login';
import { VerificationCodes } from './services/verification-codes';

export { DEVICE_COOKIE_ROUTES } from './services/device-cookies';
export { type Mailer } from './services/mailer';
export { type SocialLoginVerifier } from './services/social-login';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Emails per address or account, whichever domain sends them (help-cms's confirmations too). */
    emailLimit: RateLimiter;
  }
}

export interface AccountsOptions {
  /** Replaces the Firebase verifier (tests inject one; null turns social login off). */
  social?: SocialLoginVerifier | null;
}

/** The accounts domain's services over the app's infrastructure and the services it takes from others. */
export async function accountsContext(
  app: FastifyInstance,
  options: AccountsOptions,
): Promise<AccountsContext> {
  const { config, db, log, rateLimits } = app.ctx;
  const { accountFailures, accountFailuresAllClients, ipAttempts, windowMs } = config.rateLimit;
  const limit = (max: number, ms: number, prefix: string) =>
    new RateLimiter(max, ms, rateLimits, prefix);
  return {
    ...app.ctx,
    tokens: app.tokens,
    mailer: new Mailer(
      db,
      config.mailFrom,
      config.smtpUrl ? await smtpTransport(config.smtpUrl) : null,
      log,
      // Only /v1/dev/outbox (DEV_ROUTES=1) ever reads a message back.
      config.devRoutes,
    ),
    codes: new VerificationCodes(db),
    social:
      options.social !== undefined
        ? options.social
        : config.firebaseProjectId
          ? firebaseVerifier(config.firebaseProjectId)
          : null,
    billing: app.billing,
    notifier: app.notifier,
    ref: app.catalogue.ref,
    limits: {
      loginClient: limit(accountFailures, windowMs, 'login-client:'),
      loginAccount: limit(accountFailuresAllClients, windowMs, 'login-account:'),
      loginDevice: limit(accountFailures, windowMs, 'login-device:'),
      loginIp: limit(ipAttempts, windowMs, 'login-ip:'),
      emails: limit(5, 15 * 60_000, 'emails:'),
      uploads: limit(10, 3600_000, 'uploads:'),
      exports: limit(5, 3600_000, 'exports:'),
      accountDeletion: limit(5, 15 * 60_000, 'account-deletion:'),
      accountPassword: limit(10, 15 * 60_000, 'account-password:'),
    },
  };
}

export const accounts = fp(
  async (app: FastifyInstance, options: AccountsOptions) => {
    const { config, db } = app.ctx;
    // Outside the local setup the outbox keeps no message content (mailer.ts): what an earlier
    // version or a local run stored goes now.
    if (!config.devRoutes) {
      const purged = await purgeOutboxContent(db);
      if (purged > 0) app.log.info(`Emptied the content of ${purged} stored email(s)`);
    }
    const ctx = await accountsContext(app, options);
    app.decorate('mailer', ctx.mailer);
    app.decorate('emailLimit', ctx.limits.emails);
    await registerRoutes(app, ctx, {
      v1: [
        authRoutes,
        profileRoutes,
        passwordRoutes,
        userGenreRoutes,
        notificationSettingsRoutes,
        householdRoutes,
        dataRightsRoutes,
        // Loopback clients only, and only with DEV_ROUTES=1: the outbox holds every reset code.
        ...(config.devRoutes ? [devOutboxRoutes] : []),
      ],
    });
  },
  { name: 'accounts', dependencies: ['billing', 'notifications', 'catalogue'] },
);
