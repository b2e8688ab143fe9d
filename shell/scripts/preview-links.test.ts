/** @jest-environment node */
import { generateKeyPairSync, sign } from 'node:crypto';
import { previewResponse, previewsOff, verifyPreviewToken } from './preview-links.cjs';
import { tabVersionsResponse } from './tab-versions.cjs';

/**
 * The host's side of preview links and open tabs, without a control plane: who may preview, what a
 * host without keys answers, and the version check's ETag. (delivery's preview-live-host.test.ts runs
 * the host against a real control plane's signatures.)
 */

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const keys = { get: (kid: string) => (kid === 'k1' ? publicKey : undefined) };
const staging = {
  environment: 'staging',
  overrides: { allowedOrigins: [], previews: true },
  remotes: {
    mf_player: { manifest: 'https://cdn.example.test/p/1.0.0/mf-manifest.json', version: '1.0.0' },
  },
};
function token(claims: Record<string, unknown>) {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${sign(null, Buffer.from(body), privateKey).toString('base64url')}`;
}
const now = Math.floor(Date.now() / 1000);
const claims = {
  v: 1,
  kid: 'k1',
  jti: 'j',
  env: 'staging',
  remote: 'mf_player',
  manifest: 'https://pr.example.test/mf-manifest.json',
  version: '*',
  iat: now,
  exp: now + 600,
};

test('production never previews; another environment only when its document says so', () => {
  expect(previewsOff('production', { ...staging, environment: 'production' })).toMatch(
    /^production never serves preview links/,
  );
  expect(previewsOff('staging', staging)).toBeNull();
  expect(previewsOff('qa', { ...staging, overrides: { allowedOrigins: [] } })).toBe(
    'qa does not allow preview links.',
  );
});

test('a production host refuses a link signed for production, and a link for a remote it does not run', () => {
  const production = { ...staging, environment: 'production' };
  expect(
    verifyPreviewToken(token({ ...claims, env: 'production' }), {
      keys,
      environment: 'production',
      doc: production,
    }),
  ).toMatchObject({ ok: false, reason: 'previews-off' });
  expect(
    verifyPreviewToken(token({ ...claims, remote: 'mf_nothing' }), {
      keys,
      environment: 'staging',
      doc: staging,
    }),
  ).toMatchObject({ ok: false, reason: 'unknown-remote' });
  expect(
    verifyPreviewToken(token(claims), { keys, environment: 'staging', doc: staging }),
  ).toMatchObject({ ok: true, manifest: claims.manifest });
});

test('a host reading a document file has no keys to trust: it says so; an answer is never cached', () => {
  const res = previewResponse({ url: `/preview.json?token=${token(claims)}` }, null, staging);
  expect(res.status).toBe(403);
  expect(res.headers['Cache-Control']).toBe('no-store');
  expect(JSON.parse(res.body)).toMatchObject({ reason: 'unavailable' });
  expect(
    JSON.parse(
      previewResponse({ url: '/preview.json' }, { keys, environment: 'staging' }, staging).body,
    ),
  ).toMatchObject({ reason: 'malformed' });
});

test("the tab's version check: an ETag over the viewer's entries, 304 for it (in a list too), a new one when an entry moves", () => {
  const first = tabVersionsResponse({ headers: {} }, staging);
  expect(first.status).toBe(200);
  const etag = first.headers.ETag!;
  expect(
    tabVersionsResponse({ headers: { 'if-none-match': `"x", ${etag}` } }, staging).status,
  ).toBe(304);
  // A field a tab does not compare changes nothing.
  expect(
    tabVersionsResponse({ headers: { 'if-none-match': etag } }, { ...staging, api: 'x' }).status,
  ).toBe(304);
  const moved = {
    ...staging,
    remotes: {
      mf_player: {
        ...staging.remotes.mf_player,
        manifest: 'https://cdn.example.test/p/2.0.0/mf-manifest.json',
      },
    },
  };
  const next = tabVersionsResponse({ headers: { 'if-none-match': etag } }, moved);
  expect(next.status).toBe(200);
  expect(next.headers.ETag).not.toBe(etag);
  expect(tabVersionsResponse({ headers: {} }, null).status).toBe(503);
});
