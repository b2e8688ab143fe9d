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

/** The UI languages (shared/src/i18n/languages.json): the codes and the pseudo-locale's. */
const LANGUAGES = require(
  path.join(path.dirname(require.resolve('@streamflix/shared')), 'i18n/languages.json'),
);
const CODES = LANGUAGES.languages.map((l) => l.code);
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

/**
 * Inline function `m()` for a device with a session: the screen's calls above and the shell's
 * (SHELL_CALLS) with its token, and the hero's backdrop preloaded as soon as the home's answer
 * names it (not for a kids profile, whose home has no hero). True when the calls were made (a
 * stored session with a user). `apiV1` is `<api origin>/v1`.
 */
function memberDataScript(apiV1, screenCalls) {
  const calls = [...screenCalls, ...SHELL_CALLS];
  return (
    `function m(){try{${LANGUAGE_OF_DEVICE}` +
    'var s=JSON.parse(localStorage.getItem("token")||"null"),t=s&&s.token,' +
    'v=JSON.parse(localStorage.getItem("user")||"null"),id=v&&v.id,' +
    'f=JSON.parse(localStorage.getItem("profile")||"null");' +
    'if(typeof t!=="string"||!t||typeof id!=="string"||!id)return false;' +
    'var c=localStorage.getItem("country");try{var q=JSON.parse(c);if(typeof q==="string")c=q}catch(e){}' +
    'var g=L(),d=self.__sfEarlyData=self.__sfEarlyData||{};' +
    `${scriptJson(calls)}.forEach(function(p){var u=${scriptJson(apiV1)}+p[1].replace("{user}",encodeURIComponent(id)),b,o;` +
    'if(p[2]==="dashboard"){o={};if(c)o.country=c;o.userId=id;b=JSON.stringify(o)}' +
    'var h={Accept:"application/json","Accept-Language":g,Authorization:"Bearer "+t};' +
    'if(b!==undefined)h["Content-Type"]="application/json";' +
    'd[u]={at:Date.now(),token:t,method:p[0],body:b,lang:g,answer:fetch(u,{method:p[0],headers:h,body:b}).then(function(r){' +
    'return r.json().then(function(x){var e=p[2]==="dashboard"&&r.ok&&x&&x.data&&x.data.hero;' +
    'if(e&&typeof e.backdropUrl==="string"&&!(f&&f.kids)){var l=document.createElement("link");' +
    'l.rel="preload";l.as="image";l.fetchPriority="high";l.href=e.backdropUrl;document.head.appendChild(l)}' +
    'return{status:r.status,body:x}})}).catch(function(){return null})}});return true}catch(e){return false}}'
  );
}

module.exports = { memberCallsOf, memberDataScript, LANGUAGE_OF_DEVICE, SHELL_CALLS };
