import { ForgotPasswordBody, ResetPasswordBody } from '../schemas/auth-schemas';
import { requestPasswordReset, resetPassword } from '../services/password-reset';
import { defineRoutes } from '../../../lib/define-routes';
import type { AccountsContext } from '../accounts-context';

/** Forgot password: an emailed code, then a new password. */
export const passwordResetRoutes = defineRoutes<AccountsContext>(['auth'], (route, ctx) => {
  route.post('/auth/forgot-password', {
    summary: 'Email a password reset code',
    description:
      'Answers the same whether or not the account exists, so it cannot be used to discover accounts.',
    config: { publicWrite: true },
    body: ForgotPasswordBody,
    handler: async (request) => {
      requestPasswordReset(ctx, request.body.email);
      return {
        message: 'If an account exists for that email, we sent a code to reset the password.',
      };
    },
  });

  route.post('/auth/reset-password', {
    summary: 'Choose a new password with the emailed code',
    description: 'Signs the account out everywhere; sign in again with the new password.',
    body: ResetPasswordBody,
    handler: async (request) => {
      await resetPassword(ctx, request.body);
      return { message: 'Your password has been reset. Sign in with the new password.' };
    },
  });
});
