import { expect, type Page } from '@playwright/test';

/**
 * Text that does not fit (issue 37, point 7): measured in the page as a viewer sees it. Used by
 * pseudo-locale.spec.ts, whose 40% longer, bidi-wrapped messages show what a long language does.
 */

export interface TextProblem {
  kind: 'clipped' | 'truncated' | 'overlap';
  text: string;
  /** The other text, for an overlap. */
  other?: string;
  where: string;
}

/** The pseudo-locale wraps every message in U+202A … U+202C (docs/i18n.md). */
export const PSEUDO_MARKER = '\u202A';

/**
 * Every visible element with text of its own (a text node's parent) whose text does not fit:
 * - clipped: overflow hidden/clip and its content wider or taller than its box (or its text sticks
 *   out of a clipping ancestor's box), with no ellipsis;
 * - truncated: an ellipsis (text-overflow or line clamp) with no title or aria-label carrying the
 *   full text;
 * - overlap: two texts' line boxes overlap, within the same layer (the page's flow, or one
 *   position:fixed/absolute overlay: toasts, badges and the player's controls are stacked on
 *   purpose, so they are compared only with their own layer's texts).
 */
export const textLayoutProblems = (page: Page): Promise<TextProblem[]> =>
  page.evaluate(() => {
    const SKIP = 'script, style, noscript, template, select, option, .sf-visually-hidden';
    const PLAYER = '[data-testid="video-player"]';
    const problems: {
      kind: 'clipped' | 'truncated' | 'overlap';
      text: string;
      other?: string;
      where: string;
    }[] = [];
    const short = (s: string) => {
      const t = s.replace(/\s+/g, ' ').trim();
      return t.length > 80 ? `${t.slice(0, 77)}…` : t;
    };
    const describe = (el: Element) => {
      const parts: string[] = [];
      for (
        let e: Element | null = el;
        e && e !== document.body && parts.length < 4;
        e = e.parentElement
      ) {
        const cls = typeof e.className === 'string' ? e.className.split(/\s+/)[0] : '';
        parts.unshift(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${cls ? `.${cls}` : ''}`);
      }
      return parts.join(' > ');
    };
    const styles = new Map<Element, CSSStyleDeclaration>();
    const styleOf = (e: Element) => {
      let s = styles.get(e);
      if (!s) styles.set(e, (s = getComputedStyle(e)));
      return s;
    };
    const inScroller = new Map<Element, boolean>();
    const scrolledIn = (e: Element | null): boolean => {
      if (!e) return false;
      let r = inScroller.get(e);
      if (r === undefined) {
        const s = styleOf(e);
        r = scrolls(s.overflowX) || scrolls(s.overflowY) || scrolledIn(e.parentElement);
        inScroller.set(e, r);
      }
      return r;
    };
    const clips = (v: string) => v === 'hidden' || v === 'clip';
    const scrolls = (v: string) => v === 'auto' || v === 'scroll';

    // Elements with text of their own, and their text's line boxes.
    const owners = new Map<Element, DOMRect[]>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const el = node.parentElement;
      if (!el || el.closest(SKIP)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
      if (!rects.length) continue;
      owners.set(el, [...(owners.get(el) ?? []), ...rects]);
    }

    interface Box {
      left: number;
      top: number;
      right: number;
      bottom: number;
    }
    const entries: { el: Element; lines: Box[]; layer: Element | null; text: string }[] = [];
    for (const [el, rects] of owners) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const own = el.getBoundingClientRect();
      // Visually hidden (1 px boxes clipped to nothing) is for screen readers.
      if (own.width <= 2 || own.height <= 2) continue;
      const text = short(el.textContent ?? '');
      const style = styleOf(el);

      // Its own box: content wider or taller than a box that hides the rest.
      const x = clips(style.overflowX);
      const y = clips(style.overflowY);
      const over =
        (x && el.scrollWidth > el.clientWidth + 1) || (y && el.scrollHeight > el.clientHeight + 1);
      const ellipsis =
        style.textOverflow === 'ellipsis' ||
        (style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '');
      if (over) {
        const label = `${el.getAttribute('title') ?? ''} ${el.closest('[aria-label]')?.getAttribute('aria-label') ?? ''} ${el.closest('[title]')?.getAttribute('title') ?? ''}`;
        const full = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (!ellipsis) problems.push({ kind: 'clipped', text, where: describe(el) });
        else if (!label.replace(/\s+/g, ' ').includes(full))
          problems.push({ kind: 'truncated', text, where: describe(el) });
        continue;
      }

      // What its ancestors show of it: a clipping ancestor cuts text that sticks out of it; a
      // scrolling one (a rail, the header's sections) only hides what is scrolled away.
      let visible: Box = { left: -1e9, top: -1e9, right: 1e9, bottom: 1e9 };
      let cut = false;
      let layer: Element | null = null;
      for (let a: Element | null = el; a && a !== document.documentElement; a = a.parentElement) {
        const s = styleOf(a);
        if (!layer && (s.position === 'fixed' || s.position === 'absolute')) layer = a;
        if (a === el) continue;
        const cx = clips(s.overflowX);
        const cy = clips(s.overflowY);
        const sx = scrolls(s.overflowX);
        const sy = scrolls(s.overflowY);
        if (!cx && !cy && !sx && !sy) continue;
        const b = a.getBoundingClientRect();
        for (const line of rects) {
          const partlyIn =
            line.right > b.left + 1 &&
            line.left < b.right - 1 &&
            line.bottom > b.top + 1 &&
            line.top < b.bottom - 1;
          const sticksOut =
            (cx && (line.left < b.left - 1 || line.right > b.right + 1)) ||
            (cy && (line.top < b.top - 1 || line.bottom > b.bottom + 1));
          // Inside a scroller, an item half scrolled away is the viewer's to scroll.
          if (partlyIn && sticksOut && !layer && !cut) {
            if (!scrolledIn(a.parentElement)) {
              cut = true;
              problems.push({
                kind: 'clipped',
                text,
                where: `${describe(el)} (inside ${describe(a)})`,
              });
            }
          }
        }
        if (cx || sx)
          visible = {
            ...visible,
            left: Math.max(visible.left, b.left),
            right: Math.min(visible.right, b.right),
          };
        if (cy || sy)
          visible = {
            ...visible,
            top: Math.max(visible.top, b.top),
            bottom: Math.min(visible.bottom, b.bottom),
          };
      }
      if (el.closest(PLAYER)) continue;
      const lines = rects
        .map((r) => ({
          left: Math.max(r.left, visible.left),
          right: Math.min(r.right, visible.right),
          top: Math.max(r.top, visible.top),
          bottom: Math.min(r.bottom, visible.bottom),
        }))
        .filter((r) => r.right - r.left > 1 && r.bottom - r.top > 1);
      if (lines.length) entries.push({ el, lines, layer, text });
    }

    // Two texts whose lines overlap by more than a sliver (line boxes of a tight line-height touch).
    const reported = new Set<string>();
    for (let i = 0; i < entries.length; i++) {
      for (let j = i + 1; j < entries.length; j++) {
        const a = entries[i]!;
        const b = entries[j]!;
        if (a.layer !== b.layer) continue;
        const hit = a.lines.some((p) =>
          b.lines.some((q) => {
            const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
            const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
            const shorter = Math.min(p.bottom - p.top, q.bottom - q.top);
            return w > 2 && h > shorter * 0.4;
          }),
        );
        const key = `${a.text}|${b.text}`;
        if (hit && !reported.has(key)) {
          reported.add(key);
          problems.push({ kind: 'overlap', text: a.text, other: b.text, where: describe(a.el) });
        }
      }
    }
    return problems;
  });

/** The pseudo-locale is on: the header's text carries its bidi markers (so no check passes vacuously). */
export async function expectPseudoLocale(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect
    .poll(() => page.locator('header').first().innerText(), { timeout: 30_000 })
    .toContain(PSEUDO_MARKER);
}

/**
 * Picks a language from the header's language menu, in place. At a phone width the menu's slot is
 * hidden (the same menu is in More), so the pick goes to the control directly. Signed in, the menu
 * also saves the language on the profile: that write is refused here, so the run's shared viewer
 * stays in English for the other specs.
 */
export async function pickLanguage(page: Page, code: string) {
  await page.route(
    (url) => /\/v1\/profiles\/[^/]+$/.test(url.pathname),
    (route) => (route.request().method() === 'PATCH' ? route.abort() : route.fallback()),
  );
  await page
    .locator('header [data-slot="language-menu"] select')
    .selectOption(code, { force: true });
}
