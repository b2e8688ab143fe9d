import { HttpError, unauthorized } from '../../../lib/http-errors';
import { startSessionFor } from '../services/session-start';
import { SocialLoginBody } from '../schemas/auth-schemas';
import { AuthResult } from '../../../lib/common-schemas';
import type { SocialIdentity } from '../services/social-login';
import { socialSignIn } from '../services/sign-in';
import { defineRoutes } from '../../../lib/define-routes';
import type { AccountsContext } from '../accounts-context';

/**
 * Sign-in through Firebase. It links to an existing account only when the provider vouches
 * for the email, so it cannot be used to take over a password account.
 */
export const socialLoginRoutes = defineRoutes<AccountsContext>(['auth'], (route, ctx) => {
  route.post('/auth/socialLogin', {
    summary: 'Sign in with Google, Apple or Facebook (Firebase ID token)',
    description:
      "Verifies a Firebase Authentication ID token against Google's keys. Answers 503 with status false when " +
      'FIREBASE_PROJECT_ID is not configured. Creates the account on first use; links to an existing account with the same verified email.',
    body: SocialLoginBody,
    reply: AuthResult,
    handler: async (request) => {
      if (!ctx.social)
        throw new HttpError(
          503,
          'Social login is not configured on this server. Sign in with email and password.',
        );
      let identity: SocialIdentity;
      try {
        identity = await ctx.social.verify(request.body.idToken);
      } catch {
        throw unauthorized('We could not verify that sign-in. Please try again.');
      }
      const userId = await socialSignIn(
        ctx,
        identity,
        (request.body.country ?? ctx.config.defaultCountry).toUpperCase(),
      );
      return { message: 'Signed in.', data: await startSessionFor(ctx, request, userId) };
    },
  });
});
