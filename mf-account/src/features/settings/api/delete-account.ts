import { callOperation, type ApiBody } from '@streamflix/shared';

/**
 * POST /account/delete: the password, or the typed email for an account without one. Every session
 * ends on the server, this one included.
 */
export const deleteAccount = (confirmation: ApiBody<'POST /account/delete'>) =>
  callOperation('POST /account/delete', { body: confirmation });
