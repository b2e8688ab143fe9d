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

const { playbackCallOf, watchLoadingMarkup, watchPlaybackScript } = require('./watch-hints.cjs');
const { pageLoadingMarkup } = require('./loading-markup.cjs');
const { memberCallsOf, memberDataScript } = require('./member-hints.cjs');
const { earlyEngineUrl, earlyWatchTags } = require('./watch-early.cjs');

const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON for an inline script, '<' escaped: no value can close the script element. */
const scriptJson = (v) => JSON.stringify(v).replace(/</g, '\\u003c');
/** A title page's path; the group is the title id as the URL spells it. */
const TITLE_PATH = /^\/movie\/[^/]+\/([^/]+)\/?$/;

function originOf(url) {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The same matching as the shell's matchScreen(): `:name` segments match any non-empty segment.
 * @returns `[path, remote, expose]` of the route, or undefined
 */
function routeForPath(table, pathname) {
  const parts = pathname.replace(/\/+$/, '').split('/');
  for (const entry of table) {
    const pattern = entry[0].replace(/\/+$/, '').split('/');
    if (pattern.length !== parts.length) continue;
    if (pattern.every((seg, i) => (seg.startsWith(':') ? parts[i] !== '' : seg === parts[i])))
      return entry;
  }
  return undefined;
}

const remoteForPath = (table, pathname) => routeForPath(table, pathname)?.[1];

/** Where a device keeps its session (shared/src/session/storage-keys.ts). */
const TOKEN_KEY = 'token';

/**
 * Inline script run when the early manifest arrives: preload the remote's entry and the
 * current screen's scripts and style sheets, as the shell's runtime would after its entry,
 * bootstrap and compatibility gate. `exposes` is the screen's expose name for a guest and for
 * a signed-in viewer (one path, two screens: `/`). An entry the document pins by `integrity`
 * is loaded with that integrity and in CORS mode (remote-registry.ts), so its preload must carry
 * both, or Chromium discards the preload and downloads the entry a second time.
 */
function remotePreloadScript(manifestJson, exposes, remote, integrity, libraries) {
  const [guest, member] = exposes.map((e) => scriptJson(e ?? ''));
  const pick =
    guest === member
      ? guest
      : `(localStorage.getItem(${JSON.stringify(TOKEN_KEY)})?${member}:${guest})`;
  // __sfEarlyAssets tells the shell's start-up (startup.ts) not to preload this remote again.
  return (
    `self.__sfEarlyAssets=${scriptJson(remote)};` +
    'self.__sfEarlyManifest.response.then(function(r){return r&&r.ok?r.clone().json():null})' +
    '.then(function(m){var d=m&&m.metaData,e=d&&d.remoteEntry;if(!e||!e.name)return;' +
    `var n=${pick},x=(m.exposes||[]).filter(function(x){return x.name===n})[0],` +
    `a=[[e.path?e.path+"/"+e.name:e.name,"script",${scriptJson(integrity ?? '')}]];` +
    'if(x&&x.assets){x.assets.css.sync.forEach(function(f){a.push([f,"style"])});' +
    'x.assets.js.sync.forEach(function(f){a.push([f,"script"])})}' +
    // The lazily shared libraries the screen loads on first use (the player's hls.js), from this
    // remote: on a first load nothing else has registered them in the share scope.
    (libraries.length
      ? `;(m.shared||[]).forEach(function(s){if(${scriptJson(libraries)}.indexOf(s.name)>=0&&s.assets&&s.assets.js)` +
        's.assets.js.sync.forEach(function(f){a.push([f,"script"])})});'
      : '') +
    `var b=d.publicPath&&d.publicPath!=="auto"?d.publicPath:${manifestJson};` +
    'a.forEach(function(f){var l=document.createElement("link");l.rel="preload";l.as=f[1];' +
    'if(f[2]){l.integrity=f[2];l.crossOrigin="anonymous"}' +
    'l.href=new URL(f[0],new URL(b,location.href)).href;document.head.appendChild(l)})})' +
    '.catch(function(){})'
  );
}

/** The country a guest's calls carry when none is stored (DEFAULT_COUNTRY, shared/src/session/session-atoms.ts). */
const DEFAULT_COUNTRY = 'US';

/** Posters of a list preloaded with it: a phone's first row and a desktop's first four. */
const FIRST_POSTERS = 4;

/**
 * A guest's first calls, requested by the HTML: `[path and query, with the country, only when
 * the page has no query string, the screen's own call, posters of the answer to preload]`. The header's country picker asks for
 * the filter options on every page; a title page for its title, explore (nothing chosen) for
 * its list. The URLs are the ones the app builds (mf-catalog get-title.ts,
 * get-initial-titles.ts, shell country-picker.tsx), so the shared API client recognises them
 * (shared/src/api/early-response.ts).
 */
function firstCalls(pathname) {
  const calls = [['/titles/filters', false, false, false]];
  const title = TITLE_PATH.exec(pathname);
  if (title) {
    try {
      calls.push([
        `/titles/${encodeURIComponent(decodeURIComponent(title[1]))}?`,
        true,
        false,
        true,
      ]);
    } catch {
      // a malformed escape: the screen reports it
    }
  }
  // The explore list with nothing chosen (a query string means a search or filters).
  // Its first posters are the largest paint: preloaded as soon as the list arrives, instead
  // of after the screen's code has rendered it.
  if (/^\/(skip-)?explore\/?$/.test(pathname))
    calls.push(['/titles/search?page=1&limit=24&', true, true, true, FIRST_POSTERS]);
  return calls;
}

/** Inline JS: a `<link rel=preload>` for each same-origin file, `as` script or style. */
const preloadLinks = (files, as = 'script') =>
  `${scriptJson(files)}.forEach(function(f){var l=document.createElement("link");` +
  `l.rel="preload";l.as=${scriptJson(as)};l.href="/"+f;document.head.appendChild(l)})`;

/**
 * Inline script: on a device with a session, its screen's own calls (member-hints.cjs) and the HTTP
 * client for the others; on a device without one, start the first calls with the country the app
 * will send and leave each answer in `self.__sfEarlyData` under its URL. When the screen's own
 * call is among them, or the screen makes none (`screenWithoutCall`), its first screen needs no
 * HTTP client (`self.__sfEarlyScreen`): that is preloaded only otherwise.
 */
function earlyDataScript(
  apiBase,
  calls,
  httpClient,
  screenWithoutCall,
  memberCalls,
  memberScreenWithoutCall = false,
) {
  // A signed-in screen whose own call the HTML makes (or that makes none), where m() made the
  // shell's calls too, needs no HTTP client before its first paint.
  const memberCovered = memberCalls.length > 0 || memberScreenWithoutCall;
  return (
    `(function(){function h(){${preloadLinks(httpClient)}}${memberDataScript(apiBase, memberCalls)}` +
    `try{if(localStorage.getItem("token")){${memberCovered ? 'if(m())self.__sfEarlyScreen=true;else h()' : 'm();h()'};return}` +
    (screenWithoutCall ? 'self.__sfEarlyScreen=true;' : '') +
    `var c=encodeURIComponent(localStorage.getItem("country")||${scriptJson(DEFAULT_COUNTRY)}),` +
    'd=self.__sfEarlyData=self.__sfEarlyData||{},s=location.search;' +
    `${scriptJson(calls)}.forEach(function(p){if(p[2]&&s)return;` +
    `var u=${scriptJson(apiBase)}+p[0]+(p[1]?"country="+c:"");` +
    'd[u]={at:Date.now(),answer:fetch(u,{headers:{Accept:"application/json"}}).then(function(r){' +
    'return r.json().then(function(b){var t=p[4]&&b&&b.data&&b.data.results;' +
    'if(Array.isArray(t))t.slice(0,p[4]).forEach(function(x){if(x&&typeof x.posterUrl==="string"){' +
    'var l=document.createElement("link");l.rel="preload";l.as="image";l.href=x.posterUrl;' +
    'document.head.appendChild(l)}});return{status:r.status,body:b}})}).catch(function(){return null})};' +
    'if(p[3])self.__sfEarlyScreen=true});' +
    'if(!self.__sfEarlyScreen)h()}catch(e){h()}})()'
  );
}

/** The remote a path's screen comes from when it is the same signed in or not, else undefined. */
function remoteOf(routes, pathname) {
  if (!routes) return undefined;
  const out = routeForPath(routes.loggedOut ?? [], pathname);
  const inn = routeForPath(routes.loggedIn ?? [], pathname);
  return out && inn && out[1] !== inn[1] ? undefined : (out ?? inn)?.[1];
}

/**
 * The player's early engine for a `/watch/...` page (watch-early.cjs), or null: a watch path, an
 * API, the shell's entry in the HTML and the screen's remote with a manifest not pinned by
 * integrity. With it, the page's boot is held until the engine releases it.
 */
function watchEngineFor(doc, pathname, routes, entry) {
  if (!entry || !originOf(doc?.api) || !playbackCallOf(pathname)) return null;
  return earlyEngineUrl(doc, remoteOf(routes, pathname));
}

/**
 * @param doc the composition document (already parsed)
 * @param pathname the requested path
 * @param routes `{ loggedIn: [path, remote, expose, libraries?][], loggedOut: [...] }` or null
 * @param boot `{ scripts: string[], styles: string[] }` from the shell's boot-assets.json, or null
 * @param entry the shell's entry script's path in the HTML (watch-early.cjs entryOf): on a watch
 *   path with an early engine (watchEngineFor), the HTML drops it and the engine releases it
 * @returns markup for the end of <head>
 */
function earlyHints(doc, pathname, routes, boot, entry = null) {
  const tags = [];
  const preconnect = (origin) => {
    // Scripts and images use the credentialed connection pool, CORS fetches (manifest,
    // API, media) the anonymous one: open one of each.
    tags.push(`<link rel="preconnect" href="${escapeAttr(origin)}">`);
    tags.push(`<link rel="preconnect" href="${escapeAttr(origin)}" crossorigin>`);
  };
  const api = originOf(doc?.api);
  let remote;
  let exposes = [];
  let libraries = [];
  if (routes) {
    const out = routeForPath(routes.loggedOut ?? [], pathname);
    const inn = routeForPath(routes.loggedIn ?? [], pathname);
    remote = remoteOf(routes, pathname);
    exposes = [(out ?? inn)?.[2], (inn ?? out)?.[2]];
    // Only libraries both screens load (a path is one screen for both sets where it has any).
    const libs = (e) => (Array.isArray(e?.[3]) ? e[3].filter((l) => typeof l === 'string') : []);
    libraries = libs(out ?? inn).filter((l) => libs(inn ?? out).includes(l));
  }
  const manifest = remote ? doc?.remotes?.[remote]?.manifest : undefined;
  const manifestOrigin = manifest ? originOf(manifest) : null;
  // The remote's origin needs no hint: the inline request below opens its connection.
  if (api) preconnect(api);
  // A title page's largest paint is its backdrop, whose URL the API derives from the title id
  // alone: requested with the HTML, it is no longer the last link of the chain
  // (entry → remote → title call → image).
  const title = TITLE_PATH.exec(pathname);
  if (api && title) {
    const src = `${api}/v1/artwork/${encodeURIComponent(title[1])}/backdrop.svg`;
    tags.push(`<link rel="preload" as="image" href="${escapeAttr(src)}" fetchpriority="high">`);
  }
  const own = (f) => typeof f === 'string' && /^[\w.-]+$/.test(f);
  const httpClient = (boot?.httpClient ?? []).filter(own);
  // A watch link's playback session, signed in or not: before everything else the page asks for.
  const playback = api ? playbackCallOf(pathname) : null;
  if (playback) tags.push(`<script>${watchPlaybackScript(`${api}/v1`, playback)}</script>`);
  // A guest's `/` is the landing, which calls nothing before the viewer acts; a guest's watch
  // screen makes its one call (the playback session) from the HTML above.
  const screenWithoutCall = pathname === '/' || playback !== null;
  if (api)
    tags.push(
      `<script>${earlyDataScript(`${api}/v1`, firstCalls(pathname), httpClient, screenWithoutCall, memberCallsOf(pathname), playback !== null)}</script>`,
    );
  else for (const f of httpClient) tags.push(`<link rel="preload" as="script" href="/${f}">`);
  // A watch link's early engine brings hls.js itself: the remote's copy is not preloaded.
  const engine = watchEngineFor(doc, pathname, routes, entry);
  if (engine) libraries = libraries.filter((l) => l !== 'hls.js');
  let manifestJs = '';
  if (manifestOrigin) {
    const url = scriptJson(manifest);
    const preload =
      exposes[0] || exposes[1]
        ? remotePreloadScript(url, exposes, remote, doc?.remotes?.[remote]?.integrity, libraries)
        : '';
    manifestJs = `self.__sfEarlyManifest={url:${url},response:fetch(${url},{cache:"no-cache"}).catch(function(){return null})};${preload}`;
  }
  const styles = (boot?.styles ?? []).filter(own);
  const scripts = (boot?.scripts ?? []).filter(own);
  if (engine && playback)
    // Nothing of the app until the engine releases it: the link is the first frame's.
    tags.push(
      earlyWatchTags({
        call: `${api}/v1${playback}`,
        engine,
        entry,
        held: [
          manifestJs,
          styles.length ? preloadLinks(styles, 'style') : '',
          scripts.length ? preloadLinks(scripts) : '',
        ]
          .filter(Boolean)
          .map((js) => `${js};`)
          .join(''),
      }),
    );
  else {
    if (manifestJs) tags.push(`<script>${manifestJs}</script>`);
    // The shell's own chunks for every start (boot-assets.json): requested with the HTML instead
    // of after its entry has been downloaded and run. Same-origin paths only.
    for (const f of styles) tags.push(`<link rel="preload" as="style" href="/${f}">`);
    for (const f of scripts) tags.push(`<link rel="preload" as="script" href="/${f}">`);
  }
  return tags.join('');
}

/** A title page's path: its HTML carries the title's own fallback (title-pages.cjs). */
const TITLE_PAGE = /^\/movie\//;

/**
 * What #root shows until the app's first render: a `/watch/...` page's loading screen with the
 * title's artwork (watch-hints.cjs watchLoadingMarkup), nothing on a title page (its HTML carries
 * the title's name and synopsis), spec §2's loading screen on any other page
 * (loading-markup.cjs). A watch link without an API in the document gets the plain one.
 */
function bootFallback(doc, pathname) {
  if (TITLE_PAGE.test(pathname)) return '';
  const api = originOf(doc?.api);
  return (api && watchLoadingMarkup(`${api}/v1`, pathname)) || pageLoadingMarkup();
}

module.exports = { bootFallback, earlyHints, remoteForPath, routeForPath, watchEngineFor };
