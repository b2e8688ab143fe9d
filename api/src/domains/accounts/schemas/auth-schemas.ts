import { Type, type Static } from 'typebox';
import { Country } from '../../../lib/common-schemas';

export const Email = Type.String({
  format: 'email',
  maxLength: 254,
  description: 'Case-insensitive.',
});

export const NewPassword = Type.String({
  minLength: 8,
  maxLength: 128,
  description:
    '8 to 128 characters. Passphrases welcome; no composition rules, but common, repetitive or sequential ' +
    'passwords and ones built on the email or the service name are refused with 400 (NIST 800-63B).',
});

export const Code = Type.String({
  pattern: '^\\d{6}$',
  description: 'The six-digit code from the email.',
});

const SignUpId = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'The opaque id `POST /auth/register` answered with.',
});

export const RegisterBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 80 }),
  email: Email,
  password: NewPassword,
  country: Type.Optional(Country),
  language: Type.Optional(Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' })),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const SignUpStarted = Type.Object(
  {
    signUpId: SignUpId,
    email: Type.String({ description: 'Where the code was sent, as normalised by the server.' }),
  },
  {
    title: 'SignUpStarted',
    description:
      'The same for every address: a new one gets a code, an existing one gets a note to its owner.',
  },
);

export const SignUpCodeBody = Type.Object({ signUpId: SignUpId, code: Code });
export type SignUpCodeBody = Static<typeof SignUpCodeBody>;

export const SignUpResendBody = Type.Object({ signUpId: SignUpId });
export type SignUpResendBody = Static<typeof SignUpResendBody>;

export const LoginBody = Type.Object({
  email: Email,
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type LoginBody = Static<typeof LoginBody>;

export const SocialLoginBody = Type.Object({
  idToken: Type.String({ minLength: 10, maxLength: 8192 }),
  provider: Type.Optional(
    Type.Union([Type.Literal('google'), Type.Literal('apple'), Type.Literal('facebook')]),
  ),
  country: Type.Optional(Country),
});
export type SocialLoginBody = Static<typeof SocialLoginBody>;

export const RefreshBody = Type.Object({
  refreshToken: Type.String({ minLength: 10, maxLength: 512 }),
});
export type RefreshBody = Static<typeof RefreshBody>;

export const LogoutBody = Type.Optional(
  Type.Object({
    refreshToken: Type.Optional(Type.Union([Type.String({ maxLength: 512 }), Type.Null()])),
    password: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: "The account's password: needed to sign out of a kids profile.",
      }),
    ),
  }),
);
export type LogoutBody = Static<typeof LogoutBody>;

export const KidsLockReleaseBody = Type.Object({
  password: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'The password of the account whose kids profile locked this device.',
  }),
});
export type KidsLockReleaseBody = Static<typeof KidsLockReleaseBody>;

export const SessionsEnded = Type.Object({ sessionsEnded: Type.Integer() });

export const VerifyEmailBody = Type.Object({ code: Code, email: Type.Optional(Email) });
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

export const ForgotPasswordBody = Type.Object({ email: Email });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetPasswordBody = Type.Object({
  email: Email,
  code: Code,
  newPassword: NewPassword,
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;
