import {
  MAX_RETRY_AFTER_MS,
  RETRY_DELAY_MS,
  connectionRetryDelay,
  isConnectionFailure,
  isRetrySafe,
  retryAfterMs,
} from './connection-retry';

const noAnswer = { code: 'ERR_NETWORK' };
const proxy502 = { response: { status: 502, data: 'upstream failed' } };

describe('which requests are safe to send twice', () => {
  it('GET, HEAD, PUT and DELETE always; POST and PATCH only with an idempotency key', () => {
    for (const method of ['get', 'GET', 'head', 'put', 'delete'])
      expect(isRetrySafe({ method })).toBe(true);
    expect(isRetrySafe({})).toBe(true); // axios's default method is GET
    expect(isRetrySafe({ method: 'post', data: { rating: 'love' } })).toBe(false);
    expect(isRetrySafe({ method: 'patch' })).toBe(false);
    expect(isRetrySafe({ method: 'post', headers: { 'Idempotency-Key': 'k-123456789' } })).toBe(
      true,
    );
    expect(isRetrySafe({ method: 'patch', headers: { 'idempotency-key': 'k-123456789' } })).toBe(
      true,
    );
    expect(
      isRetrySafe({ method: 'post', data: { planId: 'p', idempotencyKey: 'k-1234567' } }),
    ).toBe(true);
    expect(isRetrySafe({ method: 'post', data: { idempotencyKey: '' } })).toBe(false);
    expect(isRetrySafe({ method: 'post', headers: { 'Idempotency-Key': '' } })).toBe(false);
  });
});

describe('what counts as a connection failure', () => {
  it('no answer at all, or a proxy error page in place of the API', () => {
    expect(isConnectionFailure(noAnswer)).toBe(true);
    expect(isConnectionFailure({ code: 'ECONNRESET' })).toBe(true);
    expect(isConnectionFailure(proxy502)).toBe(true);
    expect(
      isConnectionFailure({ response: { status: 504, data: '<html>Gateway Timeout</html>' } }),
    ).toBe(true);
    expect(isConnectionFailure({ response: { status: 503 } })).toBe(true);
  });

  it("not the API's own answers, a timeout or the caller's abort", () => {
    expect(
      isConnectionFailure({
        response: { status: 502, data: { status: false, message: 'The bank did not answer.' } },
      }),
    ).toBe(false);
    expect(isConnectionFailure({ response: { status: 500, data: 'oops' } })).toBe(false);
    expect(isConnectionFailure({ response: { status: 404, data: { status: false } } })).toBe(false);
    expect(isConnectionFailure({ code: 'ECONNABORTED' })).toBe(false);
    expect(isConnectionFailure({ code: 'ERR_CANCELED' })).toBe(false);
  });
});

describe('the pause before the one retry', () => {
  it('is short, and none for a write without a key', () => {
    expect(connectionRetryDelay({ method: 'get' }, noAnswer)).toBe(RETRY_DELAY_MS);
    expect(connectionRetryDelay({ method: 'post', data: {} }, noAnswer)).toBeNull();
    expect(connectionRetryDelay({ method: 'post', data: {} }, proxy502)).toBeNull();
  });

  it("waits out a 503's Retry-After up to a cap, and hands a longer one to the caller", () => {
    const unavailable = (retryAfter: string) => ({
      response: { status: 503, data: { status: false }, headers: { 'retry-after': retryAfter } },
    });
    expect(connectionRetryDelay({}, unavailable('2'))).toBe(2000);
    expect(connectionRetryDelay({}, unavailable('0'))).toBe(RETRY_DELAY_MS);
    expect(connectionRetryDelay({}, unavailable(String(MAX_RETRY_AFTER_MS / 1000 + 1)))).toBeNull();
    expect(connectionRetryDelay({}, unavailable('soon'))).toBe(RETRY_DELAY_MS);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(connectionRetryDelay({}, unavailable('Thu, 01 Jan 2026 00:00:01 GMT'), now)).toBe(1000);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(undefined)).toBeNull();
    expect(retryAfterMs('later')).toBeNull();
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', Date.parse('2026-01-01T00:00:00Z'))).toBe(
      10_000,
    );
  });
});
