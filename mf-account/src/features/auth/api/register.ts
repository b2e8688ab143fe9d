import {
  callOperation,
  countryAtom,
  sessionStore,
  type ApiResult,
  type SignUpStarted,
} from '@streamflix/shared';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

/**
 * POST /auth/register: the API answers the same for every address and emails a code;
 * nobody is signed in until `completeSignUp`.
 */
export async function register(input: RegisterInput): Promise<ApiResult<SignUpStarted>> {
  const country = sessionStore.get(countryAtom) ?? undefined;
  return callOperation('POST /auth/register', {
    body: {
      name: input.name.trim(),
      email: input.email.trim(),
      password: input.password,
      ...(country ? { country } : {}),
    },
  });
}
