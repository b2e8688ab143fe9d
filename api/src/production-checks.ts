import { isIP } from 'node:net';
import { ConfigError } from './config-error';

/** proxy-addr's names for address ranges, which Fastify's trustProxy accepts beside addresses. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: how many reverse proxies stand in front of the API (`1`), or which addresses they
 * connect from (`10.0.0.5,10.1.0.0/16`). Either way only the entries those proxies appended to
 * X-Forwarded-For are believed: what a client writes into the header itself stays to the left of
 * them and never becomes its address. `true` (trust every hop) is refused, because then any client
 * picks its own address for every per-address limit.
 */
export function parseTrustProxy(value: string | undefined): number | string[] | undefined {
  const v = value?.trim();
  if (!v || v === '0' || v === 'false') return undefined;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY=${v}: that many proxies is not plausible.`);
    return hops;
  }
  if (v === 'true')
    throw new ConfigError(
      'TRUST_PROXY=true would believe every X-Forwarded-For entry, so any client could choose the address ' +
        'its rate limits count against. Give the number of proxies in front of the API (TRUST_PROXY=1) or ' +
        'their addresses (TRUST_PROXY=10.0.0.5,10.1.0.0/16).',
    );
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length > 0)
    throw new ConfigError(
      `TRUST_PROXY: ${bad.join(', ')} is neither a number of hops nor an IP address or CIDR range ` +
        '(e.g. TRUST_PROXY=1 or TRUST_PROXY=10.0.0.5,10.1.0.0/16).',
    );
  return entries;
}

/**
 * Settings a deployment must not start without, refused with the reason before anything starts.
 * `npm start`, `npm run dev`, the browser tests and CI run with DEV_ROUTES=1 or
 * NODE_ENV=development, so none of this stops them.
 */
export function refuseUnsafeDeployment(env: NodeJS.ProcessEnv): void {
  if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY && env.ALLOW_TEST_PAYMENTS !== '1')
    throw new ConfigError(
      'The local test payment gateway does not start in production (NODE_ENV=production): without ' +
        'STRIPE_SECRET_KEY, anyone could buy Premium with the test card 4242 4242 4242 4242. Set ' +
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or ALLOW_TEST_PAYMENTS=1 for a deployment that ' +
        'should take test cards (a demo or staging).',
    );
  const outbox = env.DEV_ROUTES === '1';
  if (env.NODE_ENV !== 'development' && !env.SMTP_URL && !outbox && env.ALLOW_NO_MAIL !== '1')
    throw new ConfigError(
      'No mail transport: without SMTP_URL every sign-up, verification and password-reset code is lost, ' +
        'so nobody can finish signing up. Set SMTP_URL (smtp://user:password@host:587), or ' +
        'ALLOW_NO_MAIL=1 to start without email on purpose. Local runs use NODE_ENV=development or ' +
        'DEV_ROUTES=1 (the local outbox).',
    );
}

/**
 * Fastify's trustProxy for the parsed setting. A number of hops becomes a function: Fastify 5.12
 * treats a bare number as "trust nothing" (so every client behind the proxy would share the proxy's
 * address and its limits). With hops, the socket and the next hops-1 entries are the proxies and the
 * entry before them is the client, so the API must be reachable only through those proxies (a
 * client connecting directly would be taken for one): prefer the address list where it is not.
 */
export function trustProxyOption(
  setting: number | string[] | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === undefined) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
