import { callOperation, type ApiBody } from '@streamflix/shared';

export type ProfilePatch = Pick<ApiBody<'PATCH /users/{id}'>, 'name' | 'country' | 'language'>;

/** PATCH /users/{id}: answers with the updated user. */
export const updateProfile = (userId: string, patch: ProfilePatch) =>
  callOperation('PATCH /users/{id}', { params: { id: userId }, body: patch });
