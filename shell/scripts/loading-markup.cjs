/**
 * The loading screen a page's HTML shows until the app's first render (issue 36): on a phone's slow
 * link the shell's first render comes seconds after the HTML (React DOM alone is 55 KB), and the
 * page was blank until then. It is spec §2's loading fallback, the logo with four coloured
 * spinners, as the shell's own route fallback draws it (shell loading-fallback.tsx and its CSS,
 * shared tokens.css) below the header's height, so React's first render replaces it with the same
 * picture. Styles inline: the app's are not loaded yet. No words: the HTML does not know the
 * viewer's language, and the shell's fallback that replaces it says "Loading" in it.
 *
 * `data-screen-loading` keeps the platform services waiting while it is on view, as the shell's
 * fallback does (shell first-screen.ts).
 */

/** Spec §2's logo and spinners (shell loading-fallback.module.css, shared tokens.css). */
const MARK_CSS =
  '.sfw-mark{position:relative;z-index:1;display:grid;place-items:center;gap:1rem}' +
  '.sfw-logo{font-size:2.5rem;line-height:1.5;font-weight:800;letter-spacing:.04em;color:#e50914}' +
  '.sfw-spin{display:flex;gap:.75rem}.sfw-spin i{box-sizing:border-box;width:22px;height:22px;border-radius:50%;' +
  'border:3px solid currentColor;border-inline-end-color:transparent;animation:sfw .9s linear infinite}' +
  '.sfw-spin i:nth-child(1){color:#e50914}.sfw-spin i:nth-child(2){color:#ffd23f;animation-delay:-.2s}' +
  '.sfw-spin i:nth-child(3){color:#2ecc71;animation-delay:-.4s}.sfw-spin i:nth-child(4){color:#3fa7ff;animation-delay:-.6s}' +
  '@keyframes sfw{to{transform:rotate(360deg)}}' +
  '@media (prefers-reduced-motion:reduce){.sfw-spin i{animation-duration:3s}}';

/** The logo and the four spinners, hidden from assistive technology (they say nothing). */
const MARK_HTML =
  '<div class="sfw-mark" aria-hidden="true"><div class="sfw-logo">STREAMFLIX</div>' +
  '<div class="sfw-spin"><i></i><i></i><i></i><i></i></div></div>';

/**
 * The shell's route fallback (loading-fallback.module.css `.fallback`: a 60vh grid, centred) under
 * the header's height (62 px, 45 px on a phone: app-header.module.css).
 */
const PAGE_CSS =
  '.sfl{display:grid;place-items:center;align-content:center;min-height:60vh;padding-block-start:62px}' +
  '.sfl[hidden]{display:none}' +
  '@media (max-width:640px){.sfl{padding-block-start:45px}}';

/**
 * A signed-in home's loading screen once the HTML's own dashboard call has named the hero
 * (member-hints.cjs): the hero's geometry (mf-catalog dashboard.module.css .hero, .heroArt,
 * .heroShade, .heroBody; the shell's loading-fallback.module.css `.hero` draws the same), its
 * backdrop where the hero's will be and the logo and spinners where its text will. On phones the
 * art is a 16:9 band; on wider screens it is pinned top right under an opaque scrim. `.sfl-h` is the
 * page's loading screen holding it, `.sfh` the hero's box.
 */
const HERO_CSS =
  '.sfl-h{display:block;place-items:normal;min-height:0}.sfh{position:relative;display:flex;flex-direction:column;overflow:hidden}' +
  '.sfh-art{display:block;width:100%;aspect-ratio:16/9;height:auto;object-fit:cover}.sfh-shade{display:none}' +
  '.sfh-body{position:relative;box-sizing:border-box;display:grid;place-items:center;align-content:center;' +
  'min-height:18.5rem;padding:1rem clamp(1rem,4vw,3rem) 1.5rem}' +
  '@media (min-width:720px){.sfh{justify-content:center;min-height:clamp(360px,46vw,620px)}' +
  '.sfh-art{position:absolute;top:0;inset-inline-end:0;width:68%;height:170%;aspect-ratio:auto;object-position:right top}' +
  '.sfh-shade{display:block;position:absolute;inset:0;background:linear-gradient(to top,#0b0c10 0%,rgb(11 12 16/0) 30%),' +
  'linear-gradient(to right,#0b0c10 0%,#0b0c10 46%,rgb(11 12 16/0) 68%)}' +
  '.sfh-shade:dir(rtl){background:linear-gradient(to top,#0b0c10 0%,rgb(11 12 16/0) 30%),' +
  'linear-gradient(to left,#0b0c10 0%,#0b0c10 46%,rgb(11 12 16/0) 68%)}' +
  '.sfh-body{width:min(640px,46%);min-height:0;padding-block:2rem}}';

/**
 * The loading screen of any page without one of its own (a watch link's, a title page's); `hidden`
 * for a page that shows it only in some cases (a title page on a device under a ceiling).
 */
function pageLoadingMarkup({ hidden = false } = {}) {
  return `<style>${MARK_CSS}${PAGE_CSS}</style><div class="sfl" aria-busy="true" data-screen-loading${hidden ? ' hidden' : ''}>${MARK_HTML}</div>`;
}

module.exports = { HERO_CSS, MARK_CSS, MARK_HTML, pageLoadingMarkup };
