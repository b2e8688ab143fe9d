import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ForgotPasswordBody, ResetPasswordBody } from '../schemas/auth-schemas';
import { ErrorEnvelope, MessageOnly } from '../schemas/common-schemas';
import { requestPasswordReset, resetPassword } from '../services/password-reset';

const tags = ['auth'];

/** Forgot password: an emailed code, then a new password. */
export const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/auth/forgot-password',
    {
      config: { publicWrite: true },
      schema: {
        tags,
        summary: 'Email a password reset code',
        description:
          'Answers the same whether or not the account exists, so it cannot be used to discover accounts.',
        body: ForgotPasswordBody,
        response: { 200: MessageOnly, '4xx': ErrorEnvelope },
      },
    },
    async (request) => {
      requestPasswordReset(ctx, request.body.email);
      return {
        status: true as const,
        message: 'If an account exists for that email, we sent a code to reset the password.',
      };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Choose a new password with the emailed code',
        description: 'Signs the account out everywhere; sign in again with the new password.',
        body: ResetPasswordBody,
        response: { 200: MessageOnly, '4xx': ErrorEnvelope },
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body);
      return {
        status: true as const,
        message: 'Your password has been reset. Sign in with the new password.',
      };
    },
  );
};
