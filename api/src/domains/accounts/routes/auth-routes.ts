import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { emailVerificationRoutes } from './email-verification-routes';
import { passwordResetRoutes } from './password-reset-routes';
import { sessionRoutes } from './session-routes';
import { signUpRoutes } from './sign-up-routes';
import { socialLoginRoutes } from './social-login-routes';

// user-routes.ts imports it from here; its home is schemas/auth-schemas.ts.

/** Every `/auth/*` route, one plugin per resource. */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(signUpRoutes);
  await app.register(sessionRoutes);
  await app.register(socialLoginRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(passwordResetRoutes);
};
