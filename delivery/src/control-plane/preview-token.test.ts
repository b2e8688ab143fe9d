/** @jest-environment node */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { openDatabase, type ControlPlaneDatabase } from './database';
import { PreviewKeys, PREVIEW_MAX_TTL_SECONDS } from './preview-keys';
import {
  keyFromJwk,
  readClaims,
  signPreview,
  verifyPreview,
  type PreviewClaims,
} from './preview-token';

/**
 * A preview link's token: Ed25519 over the claims, refused when altered, expired, for another
 * environment or signed by a key the verifier does not hold; keys rotate without breaking live links.
 */

const NOW = new Date('2026-11-27T12:00:00Z');
const at = (seconds: number) => Math.floor(NOW.getTime() / 1000) + seconds;
const claims = (over: Partial<PreviewClaims> = {}): PreviewClaims => ({
  v: 1,
  kid: 'k1',
  jti: 'link-1',
  env: 'staging',
  remote: 'mf_player',
  manifest: 'https://pr-builds.example.test/mf-player/pr-42/mf-manifest.json',
  version: '0.3.0-pr.42',
  iat: at(0),
  exp: at(3600),
  ...over,
});

function pair(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('ed25519');
}

describe('preview tokens', () => {
  const k1 = pair();
  const keys = new Map([['k1', k1.publicKey]]);

  test('a token verifies with the key it names, for its environment, before it expires', () => {
    const token = signPreview(claims(), k1.privateKey);
    expect(verifyPreview(token, keys, 'staging', NOW)).toEqual({ ok: true, claims: claims() });
    expect(readClaims(token)?.manifest).toBe(claims().manifest);
  });

  test('a token changed after signing is refused: its claims (another build, a later expiry) or its signature', () => {
    const token = signPreview(claims(), k1.privateKey);
    const [, signature] = token.split('.');
    for (const forged of [
      claims({ manifest: 'https://evil.example.test/mf-manifest.json' }),
      claims({ exp: at(48 * 3600) }),
      claims({ remote: 'mf_checkout' }),
      claims({ env: 'production' }),
    ]) {
      const body = Buffer.from(JSON.stringify(forged)).toString('base64url');
      expect(verifyPreview(`${body}.${signature}`, keys, forged.env, NOW)).toEqual({
        ok: false,
        reason: 'tampered',
      });
    }
    const bytes = Buffer.from(signature!, 'base64url');
    bytes.writeUInt8(bytes.readUInt8(10) ^ 0x01, 10);
    const flipped = `${token.split('.')[0]}.${bytes.toString('base64url')}`;
    expect(verifyPreview(flipped, keys, 'staging', NOW)).toEqual({ ok: false, reason: 'tampered' });
    // Signed by another key that claims to be k1.
    const impostor = signPreview(claims(), pair().privateKey);
    expect(verifyPreview(impostor, keys, 'staging', NOW)).toEqual({
      ok: false,
      reason: 'tampered',
    });
  });

  test('unreadable, expired, other-environment and unknown-key tokens are refused, each for its reason', () => {
    expect(verifyPreview('not-a-token', keys, 'staging', NOW).ok).toBe(false);
    expect(verifyPreview('a.b.c', keys, 'staging', NOW)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    const expired = signPreview(claims({ exp: at(-1) }), k1.privateKey);
    expect(verifyPreview(expired, keys, 'staging', NOW)).toMatchObject({ reason: 'expired' });
    const exactlyNow = signPreview(claims({ exp: at(0) }), k1.privateKey);
    expect(verifyPreview(exactlyNow, keys, 'staging', NOW)).toMatchObject({ reason: 'expired' });
    const staging = signPreview(claims(), k1.privateKey);
    expect(verifyPreview(staging, keys, 'pr-7', NOW)).toMatchObject({
      reason: 'wrong-environment',
    });
    const unknown = signPreview(claims({ kid: 'k9' }), k1.privateKey);
    expect(verifyPreview(unknown, keys, 'staging', NOW)).toMatchObject({ reason: 'unknown-key' });
  });
});

describe('the signing keys', () => {
  let database: ControlPlaneDatabase;
  let now = NOW;
  beforeEach(async () => {
    now = NOW;
    database = await openDatabase({ dataDir: ':memory:' });
  });
  afterEach(() => database.close());

  const published = async (store: PreviewKeys) =>
    new Map((await store.published()).map((jwk) => [jwk.kid, keyFromJwk(jwk)]));

  test('the first key is made on first use and published as a JWK that verifies what it signs', async () => {
    const store = new PreviewKeys(database.db, () => now);
    expect(await store.published()).toEqual([]);
    const { kid, key } = await store.signing();
    expect((await store.signing()).kid).toBe(kid);
    const [jwk] = await store.published();
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', kid, retiredAt: null });
    expect(JSON.stringify(jwk)).not.toMatch(/"d"/);
    const token = signPreview(claims({ kid }), key);
    expect(verifyPreview(token, await published(store), 'staging', NOW).ok).toBe(true);
  });

  test('a rotation signs with a new key; links of the old one verify until the longest link has expired', async () => {
    const store = new PreviewKeys(database.db, () => now);
    const old = await store.signing();
    const oldLink = signPreview(
      claims({ kid: old.kid, exp: at(PREVIEW_MAX_TTL_SECONDS) }),
      old.key,
    );
    now = new Date(NOW.getTime() + 3600_000);
    const fresh = await store.rotate();
    expect((await store.signing()).kid).toBe(fresh);
    expect(fresh).not.toBe(old.kid);
    const keys = await published(store);
    expect([...keys.keys()]).toEqual([fresh, old.kid]);
    expect(verifyPreview(oldLink, keys, 'staging', now).ok).toBe(true);
    // A day after its retirement, no link it signed is alive: it is no longer published.
    now = new Date(now.getTime() + PREVIEW_MAX_TTL_SECONDS * 1000 + 1000);
    expect((await store.published()).map((k) => k.kid)).toEqual([fresh]);
  });
});
