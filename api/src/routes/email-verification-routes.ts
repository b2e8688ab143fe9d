import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { bearerSecurity, requireAuth } from '../plugins/auth';
import { VerifyEmailBody } from '../schemas/auth-schemas';
import { ErrorEnvelope, MessageOnly, User, replies } from '../schemas/common-schemas';
import { requestVerificationEmail, verifyEmail } from '../services/email-verification';
import { loadUserView } from '../services/users';

const tags = ['auth'];

/** Verifying the email of an existing account (sign-up verifies it with its own code). */
export const emailVerificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/auth/send-verification-email',
    {
      schema: {
        tags,
        summary: 'Email a new verification code to the signed-in user',
        security: bearerSecurity,
        response: { 200: MessageOnly, '4xx': ErrorEnvelope },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return { status: true as const, message: await requestVerificationEmail(ctx, auth.userId) };
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: { lenientAuth: false },
      schema: {
        tags,
        summary: 'Verify the email address with the six-digit code',
        description:
          "Signed in: the code is checked for the bearer's account. Signed out: send the email too. " +
          'Codes expire after 15 minutes and die after 5 wrong tries.',
        body: VerifyEmailBody,
        response: replies(
          Type.Object({ user: Type.Optional(User), emailVerified: Type.Boolean() }),
        ),
      },
    },
    async (request) => {
      const userId = await verifyEmail(ctx, { ...request.body, userId: request.auth?.userId });
      const user = request.auth ? await loadUserView(ctx.db, ctx.billing, userId) : undefined;
      return {
        status: true as const,
        message: 'Your email is verified.',
        data: { emailVerified: true, ...(user ? { user } : {}) },
      };
    },
  );
};
