/**
 * What an open tab asks to learn that its environment moved on: GET /composition-versions.json, the
 * entry (manifest, version, integrity) of every remote in the document this viewer gets now (its
 * canary arms resolved), with a strong ETag over exactly that. A tab revalidates it with If-None-Match
 * (shell/src/delivery/version-watch.ts): a 304 of a few bytes while nothing it could run changed, and
 * a new body only when an entry did. An edit of another environment's field or a revision that
 * changes no entry keeps the ETag, so tabs are not told of a change they would not see.
 *
 * Plain Node (CommonJS) so that the host (serve.mjs) and jest load the same file.
 */
const { createHash } = require('node:crypto');

const VERSIONS_PATH = '/composition-versions.json';

/** The entries a tab compares with the ones it started with. */
function tabVersions(doc) {
  const remotes = {};
  for (const [name, entry] of Object.entries((doc && doc.remotes) || {})) {
    if (!entry || typeof entry !== 'object') continue;
    remotes[name] = {
      manifest: entry.manifest,
      version: entry.version,
      ...(entry.integrity ? { integrity: entry.integrity } : {}),
    };
  }
  return { remotes };
}

/** The answer for `doc` (the viewer's document), 304 when the tab already has it. */
function tabVersionsResponse(req, doc, headers = {}) {
  if (!doc) return { status: 503, headers, body: 'No composition document yet' };
  const body = JSON.stringify(tabVersions(doc));
  const etag = `"v-${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  const common = { ...headers, ETag: etag, 'Cache-Control': 'no-cache' };
  const asked = req && req.headers && req.headers['if-none-match'];
  if (
    asked &&
    String(asked)
      .split(/\s*,\s*/)
      .includes(etag)
  )
    return { status: 304, headers: common, body: '' };
  return { status: 200, type: 'application/json; charset=utf-8', headers: common, body };
}

module.exports = { VERSIONS_PATH, tabVersions, tabVersionsResponse };
