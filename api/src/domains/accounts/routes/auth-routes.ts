import type { RoutesPlugin } from '../../../lib/define-routes';
import type { AccountsContext } from '../accounts-context';
import { emailVerificationRoutes } from './email-verification-routes';
import { passwordResetRoutes } from './password-reset-routes';
import { sessionRoutes } from './session-routes';
import { signUpRoutes } from './sign-up-routes';
import { socialLoginRoutes } from './social-login-routes';

// user-routes.ts imports it from here; its home is schemas/auth-schemas.ts.

/** Every `/auth/*` route, one plugin per resource. */
export const authRoutes: RoutesPlugin<AccountsContext> = async (app, { ctx }) => {
  await app.register(signUpRoutes, { ctx });
  await app.register(sessionRoutes, { ctx });
  await app.register(socialLoginRoutes, { ctx });
  await app.register(emailVerificationRoutes, { ctx });
  await app.register(passwordResetRoutes, { ctx });
};
