/**
 * Inline JavaScript expression for the HTML's own content (before any app code runs): true when
 * this device watches under a maturity ceiling, so a title's name, synopsis or artwork must not be
 * shown before the API has said whether the title is within it. A kids profile or a profile with
 * any ceiling but `all` (shared active-profile.ts, stored under `profile`), or a device kids lock
 * (shared kids-lock.ts, `kidsLock`). Unreadable stored values count as a ceiling. The app's own
 * screens decide from the session (shell app-routes.tsx RouteFallback, households/kids-guard.tsx).
 */
const UNDER_CEILING =
  '(function(){try{var r=localStorage.getItem("profile"),p=r?JSON.parse(r):null;' +
  'return!!localStorage.getItem("kidsLock")||!!p&&(p.kids!==false||!!p.maturity&&p.maturity!=="all")' +
  '}catch(e){return true}})()';

module.exports = { UNDER_CEILING };
