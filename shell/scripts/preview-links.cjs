/**
 * Preview links on the shell's host: `?preview=<token>` opens the environment's shell with one build
 * of one remote, for whoever has the link, until it expires. The token is signed by the delivery
 * control plane with Ed25519 (delivery/src/control-plane/preview-token.ts: the same format); this host
 * holds the control plane's public keys (GET /v1/keys, refreshed in the background and when a link
 * names a key it does not know), so a link is verified here, offline, per view.
 *
 * The shell asks GET /preview.json?token=… at start when its address (or its tab's session) carries a
 * link, and composes the build only on `ok: true`; a refusal says why, for the viewer to read.
 *
 * Plain Node (CommonJS) so that the host (serve.mjs) and jest load the same file.
 */
const { createPublicKey, verify } = require('node:crypto');

const PREVIEW_PATH = '/preview.json';
const PRODUCTION = 'production';
const B64URL = /^[A-Za-z0-9_-]+$/;

/** The claims of a token, unverified (for a refusal's message), or null when it cannot be read. */
function readClaims(token) {
  const parts = String(token).split('.');
  if (parts.length !== 2 || !B64URL.test(parts[0]) || !B64URL.test(parts[1])) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    const fields = [claims.kid, claims.jti, claims.env, claims.remote, claims.manifest];
    if (claims.v !== 1 || fields.some((f) => typeof f !== 'string' || !f)) return null;
    if (typeof claims.version !== 'string' || !Number.isInteger(claims.exp)) return null;
    return claims;
  } catch {
    return null;
  }
}

/** Why an environment's document serves no previews (the control plane's rule), or null. */
function previewsOff(environment, doc) {
  if (environment === PRODUCTION)
    return 'production never serves preview links: a link would put an unreleased build before real viewers.';
  if (!doc || !doc.overrides || doc.overrides.previews !== true)
    return `${environment} does not allow preview links.`;
  return null;
}

const refused = (reason, message) => ({ ok: false, reason, message });

/**
 * The verdict on `token` for this host's `environment` and its current document: signature (by kid),
 * then scope (environment, previews allowed, a remote it lists), then expiry. Nothing unsigned is
 * believed, and a refusal says why in words a reviewer can act on.
 */
function verifyPreviewToken(token, { keys, environment, doc, now = new Date() }) {
  const claims = readClaims(token);
  if (!claims)
    return refused(
      'malformed',
      'This preview link is damaged (it could not be read): ask for a new one.',
    );
  const key = keys.get(claims.kid);
  if (!key)
    return refused(
      'unknown-key',
      'This preview link was signed with a key this shell does not know: try again in a minute, or ask for a new link.',
    );
  const [body, signature] = String(token).split('.');
  if (!verify(null, Buffer.from(body), key, Buffer.from(signature, 'base64url')))
    return refused(
      'tampered',
      'This preview link was changed after it was signed, so it is refused.',
    );
  if (claims.env !== environment)
    return refused(
      'wrong-environment',
      `This preview link is for the ${claims.env} environment, and this is ${environment}.`,
    );
  const off = previewsOff(environment, doc);
  if (off) return refused('previews-off', off);
  if (!doc.remotes || typeof doc.remotes[claims.remote] !== 'object')
    return refused(
      'unknown-remote',
      `This preview link names ${claims.remote}, which ${environment} does not run.`,
    );
  const expiresAt = new Date(claims.exp * 1000).toISOString();
  if (claims.exp * 1000 <= now.getTime())
    return refused(
      'expired',
      `This preview link expired at ${expiresAt.slice(0, 16).replace('T', ' ')} UTC: ask for a new one.`,
    );
  return {
    ok: true,
    remote: claims.remote,
    manifest: claims.manifest,
    version: claims.version,
    expiresAt,
    id: claims.jti,
  };
}

/**
 * The control plane's public keys, as KeyObjects by kid: fetched now, every `refreshMs`, and when a
 * link names a kid not held (at most once per `missRefreshMs`).
 */
function controlPlaneKeys({
  controlPlane,
  fetch: fetchImpl = globalThis.fetch,
  refreshMs = 5 * 60_000,
  missRefreshMs = 10_000,
  timeoutMs = 4000,
  log = (line) => console.error(`[shell host] ${line}`),
}) {
  const url = `${controlPlane.replace(/\/+$/, '')}/v1/keys`;
  let keys = new Map();
  let lastMiss = 0;
  let inflight = null;
  async function load() {
    try {
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const { keys: list } = await res.json();
      const next = new Map();
      for (const jwk of list ?? [])
        if (jwk && jwk.kty === 'OKP' && jwk.crv === 'Ed25519' && typeof jwk.kid === 'string')
          next.set(
            jwk.kid,
            createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' }),
          );
      keys = next;
    } catch (err) {
      // The keys held stay: links keep verifying while the control plane is away.
      log(
        `${url}: the preview keys could not be refreshed (${err?.cause?.code ?? err?.message ?? err})`,
      );
    }
  }
  const refresh = () => {
    inflight ??= load().finally(() => {
      inflight = null;
    });
    return inflight;
  };
  const timer = setInterval(refresh, refreshMs);
  timer.unref();
  return {
    ready: refresh(),
    refresh,
    /** The held keys; a miss (a kid not held) asks the control plane again in the background. */
    get: (kid) => {
      const key = keys.get(kid);
      if (!key && Date.now() - lastMiss > missRefreshMs) {
        lastMiss = Date.now();
        void refresh();
      }
      return key;
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * The host's /preview.json: `previews` ({ keys, environment } or null when the host reads a document
 * file, with no control plane to trust) and the viewer's current document.
 */
function previewResponse(req, previews, doc, now = new Date()) {
  const token = new URL(req?.url ?? '/', 'http://x').searchParams.get('token');
  const verdict = !token
    ? refused('malformed', 'No preview link was given.')
    : !previews
      ? refused(
          'unavailable',
          "This shell's host reads no control plane, so it cannot check preview links.",
        )
      : verifyPreviewToken(token, {
          keys: { get: (kid) => previews.keys.get(kid) },
          environment: previews.environment,
          doc,
          now,
        });
  return {
    status: verdict.ok ? 200 : 403,
    type: 'application/json; charset=utf-8',
    headers: { 'Cache-Control': 'no-store' },
    body: JSON.stringify(verdict),
  };
}

module.exports = {
  PREVIEW_PATH,
  readClaims,
  previewsOff,
  verifyPreviewToken,
  controlPlaneKeys,
  previewResponse,
};
