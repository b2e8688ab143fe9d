/**
 * What a `/watch/...` page's HTML starts before any app code has arrived (issue 36): a typed or
 * shared watch link otherwise asked for its playback session only once the shell, the player's
 * remote and its screen had been downloaded and run, and the stream's playlists and first segment
 * one round trip after each other from there.
 *
 * The inline script makes the player's own playback call, with the device's stored token, and
 * leaves the answer in `self.__sfEarlyData` (shared/src/api/early-response.ts) under the exact URL
 * the player's call has, with the token it was made with: the shared API client hands that answer
 * to the player's call instead of making it again, so the page asks for one playback session (one
 * stream lease for a signed-in device) whichever code runs first. On a success it also fetches the
 * stream's master playlist, which the player's warm-up (mf-player warm-stream.ts) and hls.js then
 * read from the HTTP cache. Media addresses stay the ones the API signed for this session: nothing
 * here builds, stores or forwards one.
 */

/** The shell's watch route, `/watch/:id/:movieid/:seasonId/:episodeId` (shell route-tables.ts). */
const WATCH_PATH = /^\/watch\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\/?$/;

/** JSON for an inline script, '<' escaped: no value can close the script element. */
const scriptJson = (v) => JSON.stringify(v).replace(/</g, '\\u003c');

/**
 * The playback call the player makes for a /watch path, relative to `<api>/v1`: the title from
 * the route's `:id`, the episode unless it is empty or `0` (mf-player preload-on-intent.ts
 * watchRequestOf), encoded as the shared client encodes it (operation-client.ts). Null for
 * another path or a malformed escape.
 */
function playbackCallOf(pathname) {
  const m = WATCH_PATH.exec(pathname);
  if (!m) return null;
  try {
    const titleId = decodeURIComponent(m[1]);
    const episodeId = decodeURIComponent(m[4]);
    const query =
      episodeId && episodeId !== '0' ? `?${new URLSearchParams({ episodeId }).toString()}` : '';
    return `/playback/${encodeURIComponent(titleId)}${query}`;
  } catch {
    return null;
  }
}

/** Where a device keeps its session, as JSON `{ token }` (shared/src/session/storage-keys.ts). */
const TOKEN_KEY = 'token';

/**
 * Inline script for a /watch page: the playback call (with the stored token, if any) and, on a
 * success, the stream's master playlist. `apiV1` is `<api origin>/v1`.
 */
function watchPlaybackScript(apiV1, call) {
  return (
    `(function(){try{var u=${scriptJson(apiV1 + call)},t=null;` +
    `try{var s=JSON.parse(localStorage.getItem(${scriptJson(TOKEN_KEY)})||"null");` +
    'if(s&&typeof s.token==="string"&&s.token)t=s.token}catch(e){}' +
    'var h={Accept:"application/json"};if(t)h.Authorization="Bearer "+t;' +
    'var d=self.__sfEarlyData=self.__sfEarlyData||{};' +
    'd[u]={at:Date.now(),token:t,answer:fetch(u,{headers:h}).then(function(r){' +
    'return r.json().then(function(b){var m=r.ok&&b&&b.status===true&&b.data&&b.data.stream&&b.data.stream.url;' +
    'if(typeof m==="string")fetch(m).then(function(x){return x.text()}).catch(function(){});' +
    'return{status:r.status,body:b}})}).catch(function(){return null})}}catch(e){}})()'
  );
}

module.exports = { WATCH_PATH, playbackCallOf, watchPlaybackScript };
