import { callOperation } from '@streamflix/shared';

/** POST /users/favourite/{id}: answers with the whole list after the change. */
export function addToMyList(userId: string, titleId: string) {
  return callOperation('POST /users/favourite/{id}', { params: { id: userId }, body: { titleId } });
}
