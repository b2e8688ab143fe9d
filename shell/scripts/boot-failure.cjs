/**
 * What a page shows when the shell itself cannot start (issue 36): its entry script (`main.<hash>.js`)
 * or its bootstrap's chunks fail to download. The page's HTML shows a loading screen until the
 * app's first render (loading-markup.cjs), which would otherwise spin for ever; before it, the page
 * stayed blank. An inline script in <head>: it listens for the entry's load error (a script's
 * `error` event reaches a capturing listener on the window) and gives the shell's entry
 * `self.__sfBootFailed` for a bootstrap that cannot be fetched (shell src/index.ts). It replaces
 * #root with the reason and Retry, focused. In English: the page cannot know the viewer's language
 * without the app (as the shell's own start-up error, bootstrap.tsx renderFatal).
 */

const BOOT_FAILURE_SCRIPT =
  '(function(){function fail(){var r=document.getElementById("root");' +
  'if(!r||r.hasAttribute("data-boot-failed"))return;r.setAttribute("data-boot-failed","");r.textContent="";' +
  'var m=document.createElement("main");m.setAttribute("role","alert");' +
  'm.style.cssText="max-width:560px;margin:15vh auto;padding:2rem;text-align:center";' +
  'var h=document.createElement("h1");h.textContent="Streamflix could not start";' +
  'var p=document.createElement("p");' +
  'p.textContent="Part of the app could not be downloaded. Check your connection and try again.";' +
  'var b=document.createElement("button");b.type="button";b.textContent="Retry";' +
  'b.style.cssText="min-height:44px;padding:0 1.5rem;font:inherit";' +
  'b.onclick=function(){location.reload()};m.append(h,p,b);r.append(m);b.focus()}' +
  'self.__sfBootFailed=fail;addEventListener("error",function(e){var s=e.target;' +
  'if(s&&s.tagName==="SCRIPT"&&/\\/main\\.[0-9a-f]+\\.js$/.test(s.src))fail()},true)})()';

/** The <script> element for the page's <head>. */
const bootFailureTag = () => `<script>${BOOT_FAILURE_SCRIPT}</script>`;

module.exports = { BOOT_FAILURE_SCRIPT, bootFailureTag };
