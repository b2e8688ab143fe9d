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
const { UNDER_CEILING } = require('./ceiling-check.cjs');
const { MARK_CSS, MARK_HTML } = require('./loading-markup.cjs');

/** A phone, held either way (mf-player use-immersive.ts PHONE_QUERY). */
const PHONE_QUERY = '(max-width:640px),(max-height:500px) and (pointer:coarse)';

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
 * The share of the connection's estimate the starting rung may take (mf-player hls-config.ts
 * START_SHARE): the rung the player will start on is the one whose playlist is warmed.
 */
const START_SHARE = 0.25;

/**
 * Inline function `w(masterUrl, masterText)`: the playlists of the rung the player starts on
 * (mf-player hls-config.ts startVariant: the highest whose peak fits in START_SHARE of the
 * browser's estimate, else the lightest) and of the default audio (warm-stream.ts defaultAudio),
 * requested as soon as the master playlist is read instead of after the player's code has run
 * (two round trips of a 3G link: 0.6 s). Only playlists: the segments stay the player's requests,
 * whose timing its first bandwidth measurement reads.
 */
const WARM_PLAYLISTS =
  'function w(m,x){var l=x.split(/\\r?\\n/),v=[],a=null,c=navigator.connection,' +
  'e=c&&c.downlink>0?(c.saveData?0:c.downlink*1e6):-1,b=-1,k=-1,i;' +
  'for(i=0;i<l.length;i++){var f=l[i];if(f.indexOf("#EXT-X-STREAM-INF:")===0){' +
  'var n=Number((/BANDWIDTH=(\\d+)/.exec(f)||[])[1]||Infinity),j=i+1;' +
  'while(j<l.length&&(!l[j].trim()||l[j].charAt(0)==="#"))j++;if(j<l.length)v.push([l[j].trim(),n])}' +
  'else if(f.indexOf("#EXT-X-MEDIA:TYPE=AUDIO")===0&&(a===null||f.indexOf("DEFAULT=YES")>=0)){' +
  'var g=/URI="([^"]+)"/.exec(f);if(g&&(a===null||a[1]!==true))a=[g[1],f.indexOf("DEFAULT=YES")>=0]}}' +
  `v.forEach(function(r,q){if(k<0||r[1]<v[k][1])k=q;if(e>=0&&r[1]<=e*${START_SHARE}&&(b<0||r[1]>v[b][1]))b=q});` +
  'var u=[];if(v.length)u.push(v[b>=0?b:k][0]);if(a)u.push(a[0]);' +
  'u.forEach(function(p){fetch(new URL(p,m).href).then(function(y){return y.text()}).catch(function(){})})}';

/**
 * Inline script for a /watch page: the playback call (with the stored token, if any) and, on a
 * success, the stream's master playlist and then the playlists the player starts with
 * (WARM_PLAYLISTS), and the video's poster (the title's backdrop, the page's largest paint) unless
 * the session resumes mid-title, where the player shows none. The player's video is
 * `crossorigin="anonymous"`, so it fetches its poster in CORS mode: the preload is too, or the
 * browser does not match it and downloads the poster again. `apiV1` is `<api origin>/v1`.
 */
function watchPlaybackScript(apiV1, call) {
  return (
    `(function(){try{${WARM_PLAYLISTS}var u=${scriptJson(apiV1 + call)},t=null;` +
    `try{var s=JSON.parse(localStorage.getItem(${scriptJson(TOKEN_KEY)})||"null");` +
    'if(s&&typeof s.token==="string"&&s.token)t=s.token}catch(e){}' +
    'var h={Accept:"application/json"};if(t)h.Authorization="Bearer "+t;' +
    'var d=self.__sfEarlyData=self.__sfEarlyData||{};' +
    'd[u]={at:Date.now(),token:t,answer:fetch(u,{headers:h}).then(function(r){' +
    'return r.json().then(function(b){var o=r.ok&&b&&b.status===true&&b.data,m=o&&o.stream&&o.stream.url;' +
    'if(typeof m==="string")fetch(m).then(function(x){return x.text()}).then(function(x){w(m,x)}).catch(function(){});' +
    'if(o&&typeof o.backdropUrl==="string"&&!(o.resumePosition>0)){var p=document.createElement("link");' +
    'p.rel="preload";p.as="image";p.crossOrigin="anonymous";p.href=o.backdropUrl;document.head.appendChild(p)}' +
    'return{status:r.status,body:b}})}).catch(function(){return null})}}catch(e){}})()'
  );
}

/**
 * The loading screen of a watch link, in the HTML itself: on a phone's slow link the shell's
 * first render comes seconds after the HTML (3G: ~4 s, React DOM alone is 55 KB), and the page
 * was blank until then. It shows the title's backdrop (the API's artwork for the route's `:id`,
 * the video's poster) where the player's video will be, with spec §2's logo and four spinners,
 * as the shell's own fallback for the route does (shell app-routes.tsx RouteFallback): React's
 * first render replaces it with that, and the player's poster takes its place. The image is
 * fetched in CORS mode like the video's poster (`crossorigin`), so it is one download. A page
 * whose artwork fails keeps the dark stage. Styles inline: the app's are not loaded yet.
 * '' for another path or a malformed escape. `apiV1` is `<api origin>/v1`.
 */
function watchLoadingMarkup(apiV1, pathname) {
  const m = WATCH_PATH.exec(pathname);
  if (!m) return '';
  let id;
  try {
    id = encodeURIComponent(decodeURIComponent(m[1]));
  } catch {
    return '';
  }
  const src = `${apiV1}/artwork/${id}/backdrop.svg`;
  return (
    `<style>${LOADING_CSS}</style><div class="sfw" aria-busy="true" data-screen-loading><div class="sfw-stage">` +
    '<img alt="" crossorigin="anonymous" fetchpriority="high" hidden onerror="this.hidden=true">' +
    `<script>${showArtworkScript(src)}</script>${MARK_HTML}</div></div>`
  );
}

/**
 * Inline script, right after the loading screen's image: gives it the artwork's address unless the
 * device watches under a ceiling. The HTML cannot know whether the title is within it (the API
 * says so when the player asks for the session, and the player shows no poster for a title it
 * refuses), so a device under a maturity ceiling (ceiling-check.cjs: a kids profile, any ceiling
 * but `all`, a device kids lock) gets the dark stage: a mature title's artwork is never shown.
 */
function showArtworkScript(src) {
  return (
    `(function(){var i=document.currentScript.previousElementSibling;if(!${UNDER_CEILING}){` +
    `i.src=${scriptJson(src)};i.hidden=false}})()`
  );
}

/**
 * The player page's geometry (mf-player watch.module.css: the shell's header, the page's 1rem
 * padding and 40 px heading row, the 16:9 stage) and spec §2's logo and spinners
 * (loading-markup.cjs), for the markup above.
 */
const LOADING_CSS =
  '.sfw{max-width:1400px;margin:0 auto;padding:1rem;padding-block-start:calc(62px + 1rem + 40px + .75rem)}' +
  '@media (max-width:640px){.sfw{padding-block-start:calc(45px + 1rem + 40px + .75rem)}}' +
  '.sfw-stage{position:relative;width:min(100%,calc((100vh - 12rem)*16/9));margin:0 auto;aspect-ratio:16/9;' +
  'overflow:hidden;display:grid;place-items:center;background:#000;border-radius:8px}' +
  '.sfw-stage img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}' +
  ".sfw-stage::after{content:'';position:absolute;inset:0;background:rgb(0 0 0/.45)}" +
  // A phone's watch page is immersive from the start (mf-player use-immersive.ts, watch.module.css
  // .immersive): the whole screen, the artwork where the video's poster and picture will be.
  `@media ${PHONE_QUERY}{.sfw{position:fixed;inset:0;z-index:90;max-width:none;margin:0;padding:0;background:#000}` +
  '.sfw-stage{width:100vw;height:100svh;aspect-ratio:auto;border-radius:0}.sfw-stage img{object-fit:contain}}' +
  // Under 600 px the control bar sits under the picture, 148 px (mf-player control-bar.module.css).
  '@media (max-width:600px){.sfw-stage{box-sizing:border-box;padding-block-end:148px}.sfw-stage img{height:calc(100% - 148px)}}' +
  MARK_CSS;

module.exports = {
  PHONE_QUERY,
  WATCH_PATH,
  WARM_PLAYLISTS,
  playbackCallOf,
  watchLoadingMarkup,
  watchPlaybackScript,
};
