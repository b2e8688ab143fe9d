/**
 * A typed or shared `/watch/...` link plays before the app has arrived (issue 36). On 3G the
 * shell's boot (~160 KB) and the player's entry and screen (~42 KB) used to take the link before
 * hls.js and the first segments could: the first frame came after 5 s, 383 KB in. Now the page's
 * HTML holds the app's boot back, loads the player's early engine (`early-engine.js`, hls.js and
 * the start of a playback, from the player's own deploy: mf-player src/early/early-playback.ts)
 * and leaves it `self.__sfEarlyWatch`:
 *
 * - `call`: the playback call the HTML made (watch-hints.cjs), whose answer the engine plays;
 * - `stage`: the id of the picture's box, outside the app's root (React replaces what is inside);
 * - `release()`: starts the boot it held (the remote's manifest and preloads, the shell's chunks'
 *   preloads, the shell's entry), once. The engine calls it when the first segment is in the
 *   video's buffer, when it will not play (no stream, an error, autoplay refused) or after 8 s;
 *   the HTML itself when the engine cannot be downloaded or did not start (`fail()`, which also
 *   removes the empty stage), and after 12 s.
 *
 * The player's screen takes the video and its hls.js over as they are when it mounts
 * (mf-player use-video-element.ts). A document that pins the player's entry by integrity does not
 * use the engine: the engine is not covered by the pin.
 */

const { PHONE_QUERY } = require('./watch-hints.cjs');

/** The stage's element id (the engine's `stage`). */
const STAGE_ID = 'sf-early-stage';
/** The player's file beside its manifest (rspack.early.ts EARLY_ENGINE_FILE). */
const ENGINE_FILE = 'early-engine.js';
/** The HTML's own last resort: the boot starts after this whatever the engine does. */
const RELEASE_AFTER_MS = 12_000;

/** JSON for an inline script, '<' escaped: no value can close the script element. */
const scriptJson = (v) => JSON.stringify(v).replace(/</g, '\\u003c');
const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The shell's entry script in the built index.html (HtmlRspackPlugin: `<script defer src>`). */
const ENTRY_TAG = /<script defer(?:="")? src="(\/main\.[0-9a-f]+\.js)"><\/script>/;

/**
 * The early engine's address for this page, or null: a watch path whose remote has a manifest
 * (http or https) not pinned by integrity.
 */
function earlyEngineUrl(doc, remote) {
  const entry = remote ? doc?.remotes?.[remote] : undefined;
  if (!entry || typeof entry.manifest !== 'string' || entry.integrity) return null;
  try {
    const url = new URL(ENGINE_FILE, entry.manifest);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The shell's entry script's path in the HTML, or null. */
const entryOf = (html) => ENTRY_TAG.exec(html)?.[1] ?? null;

/** The HTML without its entry script: released by the early engine instead. */
const withoutEntry = (html) => html.replace(ENTRY_TAG, '');

/**
 * The inline script and the engine's tag, for the end of <head>. `held` is inline JS run on
 * release before the entry is added (the remote's manifest request and preloads, the shell's
 * chunks' preloads).
 */
function earlyWatchTags({ call, engine, entry, held }) {
  const release =
    `if(r)return;r=1;clearTimeout(t);${held}` +
    `function go(){var s=document.createElement("script");s.src=${scriptJson(entry)};document.head.appendChild(s)}` +
    'if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",go);else go()';
  return (
    `<script>(function(){var r=0,t,w=self.__sfEarlyWatch={call:${scriptJson(call)},stage:${scriptJson(STAGE_ID)},` +
    `release:function(){${release}}};t=setTimeout(w.release,${RELEASE_AFTER_MS});` +
    // Without an engine: its empty stage goes (once parsed), and the boot starts.
    `function d(){var s=document.getElementById(${scriptJson(STAGE_ID)});if(s)s.remove()}` +
    'w.fail=function(){if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",d);else d();w.release()}})()</script>' +
    `<script async src="${escapeAttr(engine)}" onerror="self.__sfEarlyWatch.fail()" ` +
    'onload="self.__sfEarlyEngine||self.__sfEarlyWatch.fail()"></script>'
  );
}

/**
 * The picture's box for the early video, after the app's root: the same place as the watch loading
 * screen's artwork (watch-hints.cjs LOADING_CSS) and the player's video, full screen on a phone,
 * transparent until the video has a frame (the loading screen shows through). Its styles are its
 * own: the loading screen's go with the root's content.
 */
const STAGE_CSS =
  `#${STAGE_ID}{position:absolute;top:0;left:0;right:0;z-index:95;pointer-events:none;max-width:1400px;` +
  'margin:0 auto;padding:1rem;padding-block-start:calc(62px + 1rem + 40px + .75rem)}' +
  `@media (max-width:640px){#${STAGE_ID}{padding-block-start:calc(45px + 1rem + 40px + .75rem)}}` +
  `#${STAGE_ID}>div{position:relative;width:min(100%,calc((100vh - 12rem)*16/9));margin:0 auto;` +
  'aspect-ratio:16/9;overflow:hidden;border-radius:8px}' +
  `#${STAGE_ID} video{position:absolute;inset:0;width:100%;height:100%;object-fit:contain;pointer-events:auto}` +
  `@media ${PHONE_QUERY}{#${STAGE_ID}{position:fixed;inset:0;max-width:none;margin:0;padding:0}` +
  `#${STAGE_ID}>div{width:100vw;height:100svh;aspect-ratio:auto;border-radius:0}}` +
  `@media (max-width:600px){#${STAGE_ID} video{height:calc(100% - 148px)}}`;

const stageMarkup = () =>
  `<div id="${STAGE_ID}"><style>${STAGE_CSS}</style><div data-early-picture></div></div>`;

module.exports = {
  ENGINE_FILE,
  RELEASE_AFTER_MS,
  STAGE_ID,
  earlyEngineUrl,
  earlyWatchTags,
  entryOf,
  stageMarkup,
  withoutEntry,
};
