import { Type } from 'typebox';
import { VerifyEmailBody } from '../schemas/auth-schemas';
import { User } from '../../../lib/common-schemas';
import { requestVerificationEmail, verifyEmail } from '../services/email-verification';
import { loadUserView } from '../services/users';
import { defineRoutes } from '../../../lib/define-routes';
import type { AccountsContext } from '../accounts-context';

/** Verifying the email of an existing account (sign-up verifies it with its own code). */
export const emailVerificationRoutes = defineRoutes<AccountsContext>(['auth'], (route, ctx) => {
  route.post('/auth/send-verification-email', {
    summary: 'Email a new verification code to the signed-in user',
    access: 'signed-in',
    kidsProfile: 'refused',
    handler: async (_request, auth) => ({
      message: await requestVerificationEmail(ctx, auth.userId),
    }),
  });

  route.post('/auth/verify-email', {
    summary: 'Verify the email address with the six-digit code',
    description:
      "Signed in: the code is checked for the bearer's account. Signed out: send the email too. " +
      'Codes expire after 15 minutes and die after 5 wrong tries.',
    config: { lenientAuth: false },
    body: VerifyEmailBody,
    reply: Type.Object({ user: Type.Optional(User), emailVerified: Type.Boolean() }),
    handler: async (request, auth) => {
      const userId = await verifyEmail(ctx, { ...request.body, userId: auth?.userId });
      const user = auth ? await loadUserView(ctx.db, ctx.billing, userId) : undefined;
      return {
        message: 'Your email is verified.',
        data: { emailVerified: true, ...(user ? { user } : {}) },
      };
    },
  });
});
