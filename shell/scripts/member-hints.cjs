/**
 * A signed-in device's first calls, made by the page's HTML (issue 36). A guest's first screens
 * already had theirs (early-hints.cjs firstCalls); a viewer's home and My List waited for the shell,
 * the catalogue's remote and the HTTP client before asking the API, and then for the answer before
 * the hero's backdrop (the home's largest paint) could even be requested: on a phone's network,
 * 0.5–0.8 s of the largest paint (Lighthouse).
 *
 * The inline script asks exactly what the screen will ask (the same method, URL, body and
 * language, with the stored token) and leaves the answer in `self.__sfEarlyData`; the shared API
 * client takes it only for a call that matches all of them (shared/src/api/early-response.ts), and
 * otherwise makes the call itself, so a mismatch costs one request, never a wrong answer.
 */
const path = require('node:path');
const { HERO_CSS } = require('./loading-markup.cjs');

/** The UI languages (shared/src/i18n/languages.json): the codes and the pseudo-locale's. */
const LANGUAGES = require(
  path.join(path.dirname(require.resolve('@streamflix/shared')), 'i18n/languages.json'),
);
const CODES = LANGUAGES.languages.map((l) => l.code);
/** The right-to-left ones: the early hero is drawn in the direction the app will set. */
const RTL = LANGUAGES.languages.filter((l) => l.dir === 'rtl').map((l) => l.code);
const PSEUDO = LANGUAGES.pseudo?.code ?? 'en-XA';
const SOURCE = LANGUAGES.source ?? 'en';

/** JSON for an inline script, '<' escaped: no value can close the script element. */
const scriptJson = (v) => JSON.stringify(v).replace(/</g, '\\u003c');

/**
 * The screen's own calls for a signed-in path: `[method, path ({user}: the stored user's id), body]`.
 * The home's is mf-catalog get-dashboard.ts (`{ country?, userId }`, the stored country only when
 * one is stored: shared title-query.ts useCatalogueScope), with its cards' list and ratings; My
 * List's is get-my-list.ts.
 */
function memberCallsOf(pathname) {
  // The home's cards ask for the viewer's list and ratings as they render (their + and thumbs).
  if (pathname === '/')
    return [
      ['POST', '/users/dashboard', 'dashboard'],
      ['GET', '/users/favourite/{user}', null],
      ['GET', '/ratings', null],
    ];
  if (/^\/my-list\/?$/.test(pathname)) return [['GET', '/users/favourite/{user}', null]];
  return [];
}

/**
 * The shell's own calls on every signed-in start, before or beside the first screen: the profile
 * gate's household (shell get-household.ts), the viewer (shared viewer-query.ts) and the header's
 * unread count (shell get-unread-count.ts), as the shared client builds their URLs. Made by the
 * HTML too, a first screen whose own call is early needs no HTTP client before its first paint:
 * axios (19 KB, ~25 ms of a phone's main thread) and these calls' round trips no longer sit
 * between the shell and the screen.
 */
const SHELL_CALLS = [
  ['GET', '/profiles', null],
  ['GET', '/users/{user}', null],
  ['GET', '/notifications?user={user}&unreadOnly=true&limit=1', null],
];

/**
 * Inline function `L()`: the Accept-Language the app's calls will send (shared i18n language.ts
 * preferredLanguage, then api-client.ts): the pseudo-locale chosen on this device as English, else
 * the best match of the active profile's language, the device's choice, the browser's languages.
 */
const LANGUAGE_OF_DEVICE =
  `function L(){var C=${scriptJson(CODES)};function b(t){if(!t||typeof t!=="string")return null;` +
  'var x=t.toLowerCase(),i;for(i=0;i<C.length;i++)if(C[i].toLowerCase()===x)return C[i];' +
  'x=x.split(/[-_]/)[0];for(i=0;i<C.length;i++)if(C[i].toLowerCase().split("-")[0]===x)return C[i];return null}' +
  'function j(k){try{return JSON.parse(localStorage.getItem(k)||"null")}catch(e){return null}}' +
  `var c=j("language"),p=j("profile"),n=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language],r,i;` +
  `if(c===${scriptJson(PSEUDO)})return ${scriptJson(SOURCE)};r=b(p&&p.language)||b(c);` +
  `for(i=0;!r&&i<n.length;i++)if(n[i]!==${scriptJson(PSEUDO)})r=b(n[i]);` +
  `r=r||${scriptJson(SOURCE)};return r===${scriptJson(PSEUDO)}?${scriptJson(SOURCE)}:r}`;

/** The event that tells the app the early hero is known (shared/src/api/early-hero.ts EARLY_HERO_EVENT). */
const EARLY_HERO_EVENT = 'sf-early-hero';

/**
 * Inline function `H(src, profileId, profileLanguage)`: the home's hero backdrop is known before
 * the app. It leaves `self.__sfEarlyHero` for the shell's route fallback and the home's hero
 * skeleton (shared early-hero.ts), announces it, and draws it in the HTML's loading screen when that
 * is still on view (#root's own `.sfl`, not yet replaced by the app): the hero's box, its backdrop
 * where the hero's will be and the logo and spinners where its text will (loading-markup.cjs
 * HERO_CSS). The
 * home's largest paint is then this picture, as soon as the answer and the image have arrived,
 * instead of the hero's after the shell, React and the catalogue's home have run. In the direction
 * of the app's language, the profile's (`pl`) before the device's (`g`, m()'s), as the app picks
 * it once the profile gate has run: on a wide screen the art is on the inline end.
 */
const EARLY_HERO_SCRIPT =
  'function H(src,pid,pl){self.__sfEarlyHero={src:src,profileId:pid};' +
  // The profile's language comes first in the app (shared language.ts), then the device's (g).
  `var dl=(typeof pl==="string"&&pl?pl:g).toLowerCase().split(/[-_]/)[0],rtl=${scriptJson(RTL)}.some(function(c){return c.toLowerCase().split("-")[0]===dl});` +
  'function p(){var s=document.querySelector("#root>.sfl");' +
  // Not parsed yet: once it is (DOMContentLoaded itself waits for the app's deferred entry).
  'if(!s&&document.readyState==="loading"){document.addEventListener("readystatechange",p,{once:true});return}' +
  'if(!s||s.hidden)return;' +
  `var y=document.createElement("style");y.textContent=${scriptJson(HERO_CSS)};` +
  'var b=document.createElement("div"),i=document.createElement("img"),h=document.createElement("div"),o=document.createElement("div"),k=s.querySelector(".sfw-mark");' +
  `b.className="sfh";b.dir=rtl?"rtl":"ltr";i.className="sfh-art";i.alt="";i.width=1280;i.height=720;i.setAttribute("fetchpriority","high");i.decoding="async";` +
  'i.onerror=function(){i.hidden=true};i.src=src;h.className="sfh-shade";o.className="sfh-body";if(k)o.appendChild(k);' +
  'b.append(i,h,o);s.classList.add("sfl-h");s.prepend(y);s.appendChild(b)}' +
  'p();' +
  `dispatchEvent(new Event(${scriptJson(EARLY_HERO_EVENT)}))}`;

/**
 * Inline JS run with the home's answer `x` and the household's answer promise `P`: the hero is
 * drawn early (H) only where the home will show it, the profile the session watches as: the one
 * this device remembers, or the account's only profile on a device that has not chosen (the shell's
 * profile gate then asks nothing and switches nothing, profile-gate.tsx), and not a kids profile
 * (whose home has no hero).
 */
const HERO_WHEN =
  'if(/^https?:/.test(e.backdropUrl)&&P)P.then(function(a){var k=a&&a.status===200&&a.body&&a.body.data,' +
  'ps=k&&Array.isArray(k.profiles)?k.profiles:[],cu=k&&k.current,me=ps.filter(function(z){return z&&z.id===cu})[0];' +
  'if(me&&!me.kids&&(f&&f.id?f.id===cu:ps.length===1))H(e.backdropUrl,cu,me.language)});';

/**
 * Inline function `m()` for a device with a session: the screen's calls above and the shell's
 * (SHELL_CALLS) with its token, and the hero's backdrop preloaded as soon as the home's answer
 * names it (not for a kids profile, whose home has no hero). True when the calls were made (a
 * stored session with a user). `apiV1` is `<api origin>/v1`.
 */
function memberDataScript(apiV1, screenCalls) {
  const calls = [...screenCalls, ...SHELL_CALLS];
  // The home's hero drawn by the HTML: only where the home's own call is made.
  const hero = screenCalls.some((c) => c[2] === 'dashboard');
  return (
    `function m(){try{${LANGUAGE_OF_DEVICE}${hero ? EARLY_HERO_SCRIPT : ''}` +
    'var s=JSON.parse(localStorage.getItem("token")||"null"),t=s&&s.token,' +
    'v=JSON.parse(localStorage.getItem("user")||"null"),id=v&&v.id,' +
    'f=JSON.parse(localStorage.getItem("profile")||"null");' +
    'if(typeof t!=="string"||!t||typeof id!=="string"||!id)return false;' +
    'var c=localStorage.getItem("country");try{var q=JSON.parse(c);if(typeof q==="string")c=q}catch(e){}' +
    'var g=L(),d=self.__sfEarlyData=self.__sfEarlyData||{},P;' +
    `${scriptJson(calls)}.forEach(function(p){var u=${scriptJson(apiV1)}+p[1].replace("{user}",encodeURIComponent(id)),b,o;` +
    'if(p[2]==="dashboard"){o={};if(c)o.country=c;o.userId=id;b=JSON.stringify(o)}' +
    'var h={Accept:"application/json","Accept-Language":g,Authorization:"Bearer "+t};' +
    'if(b!==undefined)h["Content-Type"]="application/json";' +
    'd[u]={at:Date.now(),token:t,method:p[0],body:b,lang:g,answer:fetch(u,{method:p[0],headers:h,body:b}).then(function(r){' +
    'return r.json().then(function(x){var e=p[2]==="dashboard"&&r.ok&&x&&x.data&&x.data.hero;' +
    'if(e&&typeof e.backdropUrl==="string"&&!(f&&f.kids)){var l=document.createElement("link");' +
    'l.rel="preload";l.as="image";l.fetchPriority="high";l.href=e.backdropUrl;document.head.appendChild(l);' +
    `${hero ? HERO_WHEN : ''}}` +
    'return{status:r.status,body:x}})}).catch(function(){return null})};' +
    // The household's answer, for the hero's check (the shell may take it from the store first).
    'if(p[1]==="/profiles")P=d[u].answer});return true}catch(e){return false}}'
  );
}

module.exports = {
  CODES,
  EARLY_HERO_EVENT,
  memberCallsOf,
  memberDataScript,
  LANGUAGE_OF_DEVICE,
  RTL,
  SHELL_CALLS,
  SOURCE,
  scriptJson,
};
