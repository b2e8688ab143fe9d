/**
 * A preview link's token: what it lets a shell compose, signed by the control plane with Ed25519.
 *
 *   <base64url(JSON claims)>.<base64url(Ed25519 signature of the first part's bytes)>
 *
 * The claims name the key that signed them (`kid`), so a verifier holding the published public keys
 * (GET /v1/keys, a JWK set) checks a token offline. The shell's host verifies it the same way
 * (shell/scripts/preview-links.cjs; a test signs here and verifies there).
 */
import { createPublicKey, sign, verify, type JsonWebKey, type KeyObject } from 'node:crypto';

export interface PreviewClaims {
  /** The token format. */
  v: 1;
  /** The signing key's id (GET /v1/keys). */
  kid: string;
  /** This link's id, in the audit. */
  jti: string;
  env: string;
  remote: string;
  manifest: string;
  /** The exact version expected of the manifest's build, or '*' for a link made from a manifest URL. */
  version: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
}

/** One published key: the JWK the host imports, with its id. */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signPreview(claims: PreviewClaims, privateKey: KeyObject): string {
  const body = encode(claims);
  return `${body}.${sign(null, Buffer.from(body), privateKey).toString('base64url')}`;
}

export type PreviewRefusal =
  'malformed' | 'unknown-key' | 'tampered' | 'wrong-environment' | 'expired';

export type PreviewVerdict =
  | { ok: true; claims: PreviewClaims }
  | { ok: false; reason: PreviewRefusal; claims?: PreviewClaims };

const B64URL = /^[A-Za-z0-9_-]+$/;

/** Reads the claims without trusting them (for a refusal's message); null when unreadable. */
export function readClaims(token: string): PreviewClaims | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || !B64URL.test(body) || !B64URL.test(signature))
    return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PreviewClaims;
    const fields = [claims.kid, claims.jti, claims.env, claims.remote, claims.manifest];
    if (claims.v !== 1 || fields.some((f) => typeof f !== 'string' || !f)) return null;
    if (typeof claims.version !== 'string' || !Number.isInteger(claims.exp)) return null;
    return claims;
  } catch {
    return null;
  }
}

/**
 * Checks a token for `environment` at `now`: its signature by one of `keys` (by kid), its scope and
 * its expiry, in that order (nothing unsigned is believed).
 */
export function verifyPreview(
  token: string,
  keys: ReadonlyMap<string, KeyObject>,
  environment: string,
  now: Date,
): PreviewVerdict {
  const claims = readClaims(token);
  if (!claims) return { ok: false, reason: 'malformed' };
  const key = keys.get(claims.kid);
  if (!key) return { ok: false, reason: 'unknown-key', claims };
  const [body, signature] = token.split('.') as [string, string];
  if (!verify(null, Buffer.from(body), key, Buffer.from(signature, 'base64url')))
    return { ok: false, reason: 'tampered' };
  if (claims.env !== environment) return { ok: false, reason: 'wrong-environment', claims };
  if (claims.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired', claims };
  return { ok: true, claims };
}

export const keyFromJwk = (jwk: PublicJwk): KeyObject =>
  createPublicKey({ key: { ...jwk } as JsonWebKey, format: 'jwk' });
