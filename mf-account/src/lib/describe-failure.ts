import { failureMessage, i18n, type ApiFailure } from '@streamflix/shared';

/**
 * What the viewer reads when a call fails (spec §8 and the API's decisions):
 * - login/social login hand back the server's body on 403 or `status: false`: show its message;
 * - 429 says when to try again (the API puts the wait in its message);
 * - a bare network failure is an offline message;
 * - anything else shows the server's message, or a clear generic one.
 */
export function describeFailure(r: ApiFailure): string {
  if (r.network) return failureMessage(r);
  const bodyMessage = (r.body as { message?: unknown } | undefined)?.message;
  if (typeof bodyMessage === 'string' && bodyMessage.trim()) return bodyMessage;
  if (r.httpStatus === 429 && !r.message)
    return i18n._({
      id: 'mf-account.failure.tooMany',
      message: 'Too many attempts. Please wait a few minutes and try again.',
    });
  return failureMessage(r);
}

/**
 * Server field errors for the fields this form shows; the rest (and a missing
 * field map) fall back to the form-level message.
 */
export function fieldErrorsFor<K extends string>(
  r: ApiFailure,
  fields: readonly K[],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const f of fields) {
    const msg = r.fieldErrors?.[f];
    // The API sends fragments ("is required") next to a full sentence in `message`.
    if (msg)
      out[f] = /^[a-z]/.test(msg)
        ? (r.message ??
          i18n._({
            id: 'mf-account.failure.field',
            message: 'This field {problem}.',
            values: { problem: msg },
          }))
        : msg;
  }
  return out;
}
