import { callOperation } from '@streamflix/shared';

/** PATCH /notifications/{id}/read */
export const markRead = (id: string) =>
  callOperation('PATCH /notifications/{id}/read', { params: { id } });
