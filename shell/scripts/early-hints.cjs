/**
 * What the shell's host adds to index.html so the first screen's chain starts
 * with the HTML instead of after the shell's entry has run: the API's
 * connections opened early, and the current route's remote manifest requested
 * by an inline script (the shell's registry takes the response, see
 * shell/src/composition/early-manifest.ts), so the gate's fetch is not one
 * round trip behind the entry script.
 *
 * Which remote owns a path comes from `route-remotes.json`, written by the
 * shell's build from its route tables. The host cannot know whether the
 * viewer is signed in (the token lives in localStorage), so a path whose
 * remote differs between the two route sets only gets the API connection.
 */

const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function originOf(url) {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** The same matching as the shell's matchScreen(): `:name` segments match any non-empty segment. */
function remoteForPath(table, pathname) {
  const parts = pathname.replace(/\/+$/, '').split('/');
  for (const [route, remote] of table) {
    const pattern = route.replace(/\/+$/, '').split('/');
    if (pattern.length !== parts.length) continue;
    if (pattern.every((seg, i) => (seg.startsWith(':') ? parts[i] !== '' : seg === parts[i])))
      return remote;
  }
  return undefined;
}

/**
 * @param doc the composition document (already parsed)
 * @param pathname the requested path
 * @param routes `{ loggedIn: [path, remote][], loggedOut: [path, remote][] }` or null
 * @returns markup for the end of <head>
 */
function earlyHints(doc, pathname, routes) {
  const tags = [];
  const preconnect = (origin) => {
    // Scripts and images use the credentialed connection pool, CORS fetches (manifest,
    // API, media) the anonymous one: open one of each.
    tags.push(`<link rel="preconnect" href="${escapeAttr(origin)}">`);
    tags.push(`<link rel="preconnect" href="${escapeAttr(origin)}" crossorigin>`);
  };
  const api = originOf(doc?.api);
  let remote;
  if (routes) {
    const out = remoteForPath(routes.loggedOut ?? [], pathname);
    const inn = remoteForPath(routes.loggedIn ?? [], pathname);
    remote = out && inn && out !== inn ? undefined : (out ?? inn);
  }
  const manifest = remote ? doc?.remotes?.[remote]?.manifest : undefined;
  const manifestOrigin = manifest ? originOf(manifest) : null;
  // The remote's origin needs no hint: the inline request below opens its connection.
  if (api) preconnect(api);
  // A title page's largest paint is its backdrop, whose URL the API derives from the title id
  // alone: requested with the HTML, it is no longer the last link of the chain
  // (entry → remote → title call → image).
  const title = /^\/movie\/[^/]+\/([^/]+)\/?$/.exec(pathname);
  if (api && title) {
    const src = `${api}/v1/artwork/${encodeURIComponent(title[1])}/backdrop.svg`;
    tags.push(`<link rel="preload" as="image" href="${escapeAttr(src)}" fetchpriority="high">`);
  }
  if (manifestOrigin) {
    // JSON.stringify plus '<' escaped: the URL cannot close the script element.
    const url = JSON.stringify(manifest).replace(/</g, '\\u003c');
    tags.push(
      `<script>self.__sfEarlyManifest={url:${url},response:fetch(${url},{cache:"no-cache"}).catch(function(){return null})}</script>`,
    );
  }
  return tags.join('');
}

module.exports = { earlyHints, remoteForPath };
