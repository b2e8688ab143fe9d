import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser that signed
 * in to an account gets a signed token for that account, and its later sign-in attempts are counted
 * against that token instead of against everyone who shares its address. An office, a campus or a
 * carrier-grade NAT can then not lock the owner out, and an address is never taken for a device.
 *
 * A token is `<nonce>.<issued, base36 seconds>.<HMAC-SHA256(account|nonce|issued)>`: no account name or
 * address in it. One cookie holds the tokens of the last few accounts the browser signed in to.
 */
export const DEVICE_COOKIE = 'sf_device';
/** The only calls the browser sends it to, and the only ones that may set it (CORS credentials). */
export const DEVICE_COOKIE_PATH = '/v1/auth/login';
export const DEVICE_COOKIE_ROUTES: ReadonlySet<string> = new Set([
  DEVICE_COOKIE_PATH,
  '/v1/auth/register/verify',
]);
const TTL_SECONDS = 30 * 24 * 3600;
const TOKENS_PER_BROWSER = 5;
const TOKEN = /^[\w-]{22}\.[0-9a-z]{1,10}\.[\w-]{43}$/;

/** A key of its own, derived from the server secret, so a device token can never pass for anything else. */
const keyOf = (secret: string) =>
  createHmac('sha256', secret).update('streamflix device cookie v1').digest();

const signature = (secret: string, account: string, nonce: string, issued: string) =>
  createHmac('sha256', keyOf(secret)).update(`${account}|${nonce}|${issued}`).digest('base64url');

/** The cookie's value from a Cookie header, if the browser sent one. */
export function deviceCookieOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const tokensOf = (cookie: string | undefined) =>
  (cookie ?? '')
    .split('~')
    .filter((token) => TOKEN.test(token))
    .slice(0, TOKENS_PER_BROWSER);

function current(token: string, now: number): boolean {
  const age = now / 1000 - parseInt(token.split('.')[1]!, 36);
  return age >= -60 && age < TTL_SECONDS;
}

function verifies(secret: string, account: string, token: string, now: number): boolean {
  if (!current(token, now)) return false;
  const [nonce, issued, mac] = token.split('.') as [string, string, string];
  const expected = Buffer.from(signature(secret, account, nonce, issued));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The device's id (its token's nonce) when the cookie holds a valid token for this account, else null. */
export function trustedDevice(
  secret: string,
  account: string,
  cookie: string | undefined,
  now = Date.now(),
): string | null {
  const token = tokensOf(cookie).find((t) => verifies(secret, account, t, now));
  return token ? token.split('.')[0]! : null;
}

/**
 * After a successful sign-in: a fresh token for this account (a new nonce, so the device's failure count
 * starts again), ahead of the browser's tokens for other accounts.
 */
export function setDeviceCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  secret: string,
  account: string,
  now = Date.now(),
): void {
  const nonce = randomBytes(16).toString('base64url');
  const issued = Math.floor(now / 1000).toString(36);
  const fresh = `${nonce}.${issued}.${signature(secret, account, nonce, issued)}`;
  const others = tokensOf(deviceCookieOf(request)).filter(
    (t) => current(t, now) && !verifies(secret, account, t, now),
  );
  const value = [fresh, ...others].slice(0, TOKENS_PER_BROWSER).join('~');
  // Strict: a page on another site cannot make the browser spend its device's attempts.
  const attributes = [
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${TTL_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(request.protocol === 'https' ? ['Secure'] : []),
  ];
  reply.header('set-cookie', `${DEVICE_COOKIE}=${value}; ${attributes.join('; ')}`);
}
