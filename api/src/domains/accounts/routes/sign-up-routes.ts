import { badRequest, tooManyRequests } from '../../../lib/http-errors';
import { startSessionFor } from '../services/session-start';
import { AuthResult, ErrorEnvelope, MessageOnly } from '../../../lib/common-schemas';
import {
  RegisterBody,
  SignUpCodeBody,
  SignUpResendBody,
  SignUpStarted,
} from '../schemas/auth-schemas';
import { assertStrongPassword } from '../services/password-policy';
import { completeSignUp, resendSignUpCode, startSignUp } from '../services/sign-up';
import { normaliseEmail } from '../../../lib/emails';
import { defineRoutes } from '../../../lib/define-routes';
import type { AccountsContext } from '../accounts-context';
import { setDeviceCookie } from '../services/device-cookies';
import { requestLanguage } from '../../../plugins/language';

const WRONG_CODE =
  'That code is wrong or has expired. Check the latest email or ask for a new one.';

/** Verify-first sign-up: register → emailed code → verify (signs in). */
export const signUpRoutes = defineRoutes<AccountsContext>(['auth'], (route, ctx) => {
  route.post('/auth/register', {
    summary: 'Start a sign-up: email a six-digit code',
    description:
      'Checks the form (400 per field), then answers 202 with the same body and after the same work ' +
      'whether or not the address has an account, so it cannot be used to discover accounts. ' +
      'A new address gets a code to finish with `POST /auth/register/verify`; an existing one gets a ' +
      'note to its owner. No account is created and nobody is signed in yet.',
    config: { publicWrite: true },
    body: RegisterBody,
    reply: SignUpStarted,
    status: 202,
    handler: async (request) => {
      const email = normaliseEmail(request.body.email);
      const name = request.body.name.trim();
      if (!name) throw badRequest('Please enter your name.', { name: 'is required' });
      if (!request.body.password.trim())
        throw badRequest('Please choose a password that is not only spaces.', {
          password: 'is invalid',
        });
      assertStrongPassword(request.body.password, { email, name });
      const signUpId = await startSignUp(ctx, {
        email,
        name,
        password: request.body.password,
        country: (request.body.country ?? ctx.config.defaultCountry).toUpperCase(),
        // The account speaks what the viewer asked for, else what their browser asks for (Accept-Language).
        language: request.body.language ?? requestLanguage(request),
      });
      return {
        message: `We sent a 6-digit code to ${email}. Enter it to finish creating your account.`,
        data: { signUpId, email },
      };
    },
  });

  route.post('/auth/register/verify', {
    summary: 'Finish a sign-up with the emailed code: create the account and sign in',
    description:
      'The right code creates the account (email verified) and signs in (201). A wrong or expired code, ' +
      'a locked sign-up (5 wrong codes) and an id that never existed all get the same 400.',
    config: { publicWrite: true },
    body: SignUpCodeBody,
    reply: AuthResult,
    status: 201,
    handler: async (request, _auth, reply) => {
      const userId = await completeSignUp(ctx, request.body.signUpId, request.body.code);
      if (!userId) throw badRequest(WRONG_CODE, { code: 'invalid' });
      const data = await startSessionFor(ctx, request, userId);
      // The browser that created the account is its first trusted device (device-cookies.ts).
      setDeviceCookie(reply, request, ctx.config.jwtSecret, normaliseEmail(data.user.email));
      return { message: 'Account created. Welcome to StreamFlix.', data };
    },
  });

  route.post('/auth/register/resend', {
    summary: 'Email a new code for a sign-up in progress',
    description:
      'Answers 202 the same for every id; only a sign-up still waiting (not locked, under a day old) gets ' +
      'a new code. Limited per sign-up (429 with Retry-After).',
    config: { publicWrite: true },
    body: SignUpResendBody,
    status: 202,
    response: { 202: MessageOnly, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
    handler: async (request) => {
      const { signUpId } = request.body;
      // Keyed on the id whether or not it exists, so the limit says nothing either.
      const key = `signup-resend:${signUpId}`;
      const wait = await ctx.limits.emails.retryAfter(key);
      if (wait > 0)
        throw tooManyRequests(
          wait,
          'We have sent several codes already. Please wait a few minutes before asking for another.',
          ctx.limits.emails.label,
        );
      await ctx.limits.emails.hit(key);
      resendSignUpCode(ctx, signUpId);
      return { message: 'If that sign-up is still waiting, a new code is on its way.' };
    },
  });
});
