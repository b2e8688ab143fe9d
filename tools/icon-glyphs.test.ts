/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lineOf, productSources, ROOT, withoutComments } from './product-sources';

/**
 * Icons are SVG (shared/src/ui/icons.tsx), never emoji or font glyphs: a device without an emoji
 * font (Debian's Chromium) drew empty boxes on the rating buttons and cards. In product JSX, TS
 * and CSS (comments and tests aside) this refuses:
 * 1. any emoji or pictographic symbol (Unicode Extended_Pictographic or "Symbol, other": ★ ✓ ▶
 *    ⚙ 👍 …), wherever it is, except the few characters below written as text;
 * 2. a JSX text node that is nothing but one to three non-ASCII symbols or punctuation marks
 *    (`<span>‹</span>`, `<span aria-hidden="true">×</span>`): that is an icon drawn by a font;
 * 3. a CSS `content:` with a non-ASCII character or a `\XXXX` escape (a glyph drawn by CSS).
 * Typographic characters stay allowed where they are text inside a sentence or a value:
 * — – … ’ ‘ “ ” · • × § € ± (dashes, ellipses, quotes, separators, "1.5×", "•••• 4242").
 */
const ALLOWED_TEXT = new Set([
  // Key names shown as text in the player's shortcut settings (ArrowLeft is "←" whatever the
  // direction of the page: it names the physical key), and "remote → URL" in the override pill.
  '←',
  '→',
  '↑',
  '↓',
  // The Mac command key named in a sentence of the shortcut settings.
  '⌘',
]);

const PICTOGRAPHIC = /[\p{Extended_Pictographic}\p{So}]/gu;
const GLYPH_TEXT_NODE = />\s*([^\s\x00-\x7F<>{}]{1,3})\s*</gu;
const CSS_GLYPH =
  /content\s*:\s*(['"])((?:(?!\1).)*[^\x00-\x7F\\](?:(?!\1).)*|(?:(?!\1).)*\\[0-9a-fA-F]{2,6}(?:(?!\1).)*)\1/g;

export function glyphIcons(file: string, source: string): string[] {
  const text = withoutComments(source);
  const found: string[] = [];
  const at = (offset: number, what: string) =>
    found.push(`${file}:${lineOf(text, offset)} ${what}`);
  for (const m of text.matchAll(PICTOGRAPHIC))
    if (!ALLOWED_TEXT.has(m[0])) at(m.index, `pictographic ${m[0]}`);
  if (/\.[jt]sx$/.test(file))
    for (const m of text.matchAll(GLYPH_TEXT_NODE))
      if (![...m[1]!].every((c) => ALLOWED_TEXT.has(c))) at(m.index, `glyph as icon ${m[1]}`);
  if (file.endsWith('.css'))
    for (const m of text.matchAll(CSS_GLYPH)) at(m.index, `CSS content glyph ${m[0]}`);
  return found;
}

describe('icons are SVG, not emoji or font glyphs', () => {
  it('finds none in the product', () => {
    const files = productSources(/\.(?:tsx?|css)$/);
    // The listing found the product (a wrong working directory would pass vacuously).
    expect(files.some(({ file }) => file === 'shared/src/ui/icons.tsx')).toBe(true);
    expect(files.flatMap(({ file, text }) => glyphIcons(file, text))).toEqual([]);
  });

  it('finds none in what the host serves without the app or the API writes to a viewer', () => {
    // The HTML of the shell's host (index.html, the title pages' head and fallback for bots and
    // link previews), the API's messages and emails in every language, and its drawn artwork.
    const listed = execFileSync(
      'git',
      [
        'ls-files',
        '-z',
        '--',
        'shell/public',
        'shell/scripts',
        'api/src/lib/i18n',
        'api/src/domains',
      ],
      { cwd: ROOT, encoding: 'utf8' },
    )
      .split('\0')
      .filter(
        (f) => /\.(?:html|cjs|mjs|json|ts|css|svg)$/.test(f) && !/\.test\.|\.d\.c?ts$/.test(f),
      );
    expect(listed).toContain('api/src/lib/i18n/messages/ar.json');
    const found = listed.flatMap((file) =>
      glyphIcons(file, readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('refuses emoji and symbols, glyph-only text nodes and CSS glyphs', () => {
    expect(glyphIcons('a.tsx', `<b aria-hidden="true">👍</b>`)).toHaveLength(2);
    expect(glyphIcons('a.tsx', `const icon = ok ? '✓' : '○';`)).toHaveLength(2);
    expect(glyphIcons('a.tsx', `<span>★ {rating}</span>`)).toHaveLength(1);
    expect(glyphIcons('a.tsx', `<button aria-label="Previous">\n  ‹\n</button>`)).toHaveLength(1);
    expect(glyphIcons('a.tsx', `{c.label} <span aria-hidden="true">×</span>`)).toHaveLength(1);
    expect(glyphIcons('a.css', `.x::before { content: '\\2713'; }`)).toHaveLength(1);
    expect(glyphIcons('a.css', `.x::before { content: '▶'; }`)).toHaveLength(2);
  });

  it('allows typographic characters as text, key names and comments', () => {
    const ok = [
      `<p>It can’t be undone — really…</p>`,
      'const v = `${speed}×`; const card = `Visa •••• ${last4}`;',
      `<td>{version ?? '—'}</td>`,
      `const keys = { ArrowLeft: '←', ArrowRight: '→' };`,
      `// The ✕ on a card\n/* ▶ play */ const x = 1;`,
      `<span aria-hidden="true">?</span>`,
    ];
    for (const code of ok) expect(glyphIcons('a.tsx', code)).toEqual([]);
    expect(glyphIcons('a.css', `.x::after { content: ', '; } .y::after { content: ''; }`)).toEqual(
      [],
    );
  });
});
