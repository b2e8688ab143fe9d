import { callOperation } from './operation-client';
import type { ApiResult } from './envelope';

/**
 * POST /auth/kids-lock/release: the account password lifts this device's kids lock. The client
 * forgets the lock when the answer says so (`X-Kids-Lock: released`, read by the HTTP client); a wrong
 * password (403, fieldErrors.password), too many (429) or an unreadable lock (400, fieldErrors.kidsLock)
 * leave it in place.
 */
export function releaseKidsLock(password: string): Promise<ApiResult<unknown>> {
  return callOperation('POST /auth/kids-lock/release', { body: { password } });
}
