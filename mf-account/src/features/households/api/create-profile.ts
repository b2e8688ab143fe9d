import { callOperation, type ApiBody } from '@streamflix/shared';

/** POST /profiles: a new profile of the household (the account password is required). */
export const createProfile = (body: ApiBody<'POST /profiles'>) =>
  callOperation('POST /profiles', { body });
