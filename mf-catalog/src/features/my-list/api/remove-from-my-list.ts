import { callOperation } from '@streamflix/shared';

/** PATCH /users/favourite/{id} with action remove: answers with the whole list after the change. */
export function removeFromMyList(userId: string, titleId: string) {
  return callOperation('PATCH /users/favourite/{id}', {
    params: { id: userId },
    body: { titleId, action: 'remove' },
  });
}
