import { callOperation, type ApiBody, type ApiResult } from '@streamflix/shared';

/** How the help widget calls the API (the shell's client: token, refresh on 401, envelope). */
export type HelpCall = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) => Promise<ApiResult<unknown>>;

/**
 * The widget reaches the help operations and nothing else of the API. A guest writes with an email
 * address for the answer (`/help/guest-messages`, sent without a token); a signed-in viewer writes to
 * their conversation.
 */
export const helpCall: HelpCall = (method, path, body) => {
  if (method === 'GET' && path === '/help/messages') return callOperation('GET /help/messages');
  if (method === 'POST' && path === '/help/messages')
    return callOperation('POST /help/messages', { body: body as ApiBody<'POST /help/messages'> });
  if (method === 'POST' && path === '/help/guest-messages')
    return callOperation('POST /help/guest-messages', {
      body: body as ApiBody<'POST /help/guest-messages'>,
      kind: 'guest',
    });
  return Promise.resolve({ status: false, message: `The help widget cannot call ${path}.` });
};
