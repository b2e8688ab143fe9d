/**
 * What a page shows when the shell itself cannot start (issue 36): its entry script (`main.<hash>.js`)
 * or its bootstrap's chunks fail to download. The page's HTML shows a loading screen until the
 * app's first render (loading-markup.cjs), which would otherwise spin for ever; before it, the page
 * stayed blank. An inline script in <head>: it listens for the entry's load error (a script's
 * `error` event reaches a capturing listener on the window) and gives the shell's entry
 * `self.__sfBootFailed` for a bootstrap that cannot be fetched (shell src/index.ts). It replaces
 * #root with the reason and Retry, focused.
 *
 * In the viewer's language: the one the app would start in (the profile's, the device's choice,
 * the browser's; member-hints.cjs LANGUAGE_OF_DEVICE), chosen only when the screen is shown. The
 * words are the shell's own messages (src/platform/boot-text.ts), read here from its compiled
 * catalogs, so they are translated where every other message is (`npm run i18n`, docs/i18n.md).
 */
const { readFileSync } = require('node:fs');
const path = require('node:path');
// The app's languages as the HTML's early calls read them: the same order, codes and directions.
const { CODES, LANGUAGE_OF_DEVICE, RTL, SOURCE, scriptJson } = require('./member-hints.cjs');

/** The screen's messages, in this order: the heading, the reason, the button. */
const BOOT_MESSAGE_IDS = ['shell.boot.title', 'shell.boot.body', 'shell.boot.retry'];
const CATALOGS = path.join(__dirname, '..', 'src', 'locales');

/**
 * One language's words from its compiled catalog (`<lang>.ts`, written by `npm run i18n`: the
 * messages as JSON), or null when it lacks one of them or it is not plain text: that language
 * shows English.
 */
function wordsOf(code, dir = CATALOGS) {
  try {
    const source = readFileSync(path.join(dir, `${code}.ts`), 'utf8');
    const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
    if (!literal) return null;
    const messages = JSON.parse(JSON.parse(literal));
    const words = BOOT_MESSAGE_IDS.map((id) => {
      const m = messages[id];
      return Array.isArray(m) && m.every((part) => typeof part === 'string') ? m.join('') : null;
    });
    return words.every((w) => typeof w === 'string' && w.length > 0) ? words : null;
  } catch {
    return null;
  }
}

/** `{ <code>: [heading, reason, button] }` for every UI language whose catalog has all three. */
function bootWords(dir = CATALOGS) {
  const table = {};
  for (const code of CODES) {
    const words = wordsOf(code, dir);
    if (words) table[code] = words;
  }
  if (!table[SOURCE]) throw new Error(`boot-failure: no ${SOURCE} words in ${dir}`);
  return table;
}

/** The inline script, with the words of `table` (bootWords). */
function bootFailureScript(table = bootWords()) {
  return (
    '(function(){function fail(){var r=document.getElementById("root");' +
    'if(!r||r.hasAttribute("data-boot-failed"))return;r.setAttribute("data-boot-failed","");r.textContent="";' +
    // The language is chosen now, not when the page is parsed: only a failing start pays for it.
    `var T=${scriptJson(table)},k=${scriptJson(SOURCE)};` +
    `try{${LANGUAGE_OF_DEVICE}k=L()}catch(e){}if(!T[k])k=${scriptJson(SOURCE)};var w=T[k];` +
    'var m=document.createElement("main");m.setAttribute("role","alert");m.lang=k;' +
    `m.dir=${scriptJson(RTL)}.indexOf(k)<0?"ltr":"rtl";` +
    'm.style.cssText="max-width:560px;margin:15vh auto;padding:2rem;text-align:center";' +
    'var h=document.createElement("h1");h.textContent=w[0];' +
    'var p=document.createElement("p");p.textContent=w[1];' +
    'var b=document.createElement("button");b.type="button";b.textContent=w[2];' +
    'b.style.cssText="min-height:44px;padding:0 1.5rem;font:inherit";' +
    'b.onclick=function(){location.reload()};m.append(h,p,b);r.append(m);b.focus()}' +
    'self.__sfBootFailed=fail;addEventListener("error",function(e){var s=e.target;' +
    'if(s&&s.tagName==="SCRIPT"&&/\\/main\\.[0-9a-f]+\\.js$/.test(s.src))fail()},true)})()'
  );
}

const BOOT_FAILURE_SCRIPT = bootFailureScript();

/** The <script> element for the page's <head>. */
const bootFailureTag = () => `<script>${BOOT_FAILURE_SCRIPT}</script>`;

module.exports = {
  BOOT_FAILURE_SCRIPT,
  BOOT_MESSAGE_IDS,
  bootFailureScript,
  bootFailureTag,
  bootWords,
};
