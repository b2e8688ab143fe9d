/** @jest-environment node */
import { lineOf, productSources, withoutComments } from './product-sources';

/**
 * Right to left mirrors through CSS logical properties, not a second stylesheet (issue 37): product
 * CSS says inline start/end (`margin-inline-start`, `inset-inline-end`, `text-align: start`,
 * `border-start-end-radius`, …), so `<html dir="rtl">` flips the layout. This refuses the physical
 * horizontal forms in product CSS modules, and `marginLeft`-style keys in inline styles:
 * left/right offsets, margin/padding/border-left/right, text-align/float/clear left/right, the
 * corner radii named by left/right, a four-value margin or padding whose right and left differ,
 * and translateX (a horizontal move that direction may have to flip).
 */
const PHYSICAL_CSS: Array<[RegExp, string]> = [
  [/(?<![\w-])(?:left|right)\s*:/g, 'left/right offset (use inset-inline-start/end)'],
  [/(?<![\w-])(?:margin|padding)-(?:left|right)\s*:/g, 'use margin/padding-inline-start/end'],
  [/(?<![\w-])border-(?:left|right)(?:-\w+)?\s*:/g, 'use border-inline-start/end'],
  [/(?<![\w-])(?:text-align|float|clear)\s*:\s*(?:left|right)\b/g, 'use start/end'],
  [/(?<![\w-])border-(?:top|bottom)-(?:left|right)-radius\s*:/g, 'use border-start-end-radius, …'],
  [/(?<![\w-])translateX\(/g, 'a horizontal move: mirror it in right to left or allow it below'],
  [
    /(?<![\w-])(?:margin|padding)[ \t]*:[ \t]*([^\s;()]+)[ \t]+([^\s;()]+)[ \t]+([^\s;()]+)[ \t]+(?!\2;)([^\s;()]+);/g,
    'four values with different right and left (use -block and -inline)',
  ],
];
const PHYSICAL_INLINE_STYLE =
  /\b(?:margin|padding|border)(?:Left|Right)\b|textAlign:\s*'(?:left|right)'/g;

/**
 * Physical properties allowed on purpose, each with its reason. The player's timeline is not on
 * this list: it runs from the inline start, mirrored in right-to-left languages (docs/i18n.md, "The
 * player in right-to-left languages"), so its buffered bar, chapter marks and trick-play preview
 * are placed by logical offsets like everything else.
 */
const ALLOWED: Array<{ file: string; pattern: RegExp; why: string }> = [
  {
    file: 'shell/src/chrome/navigation-progress.module.css',
    pattern: /^\s*transform: translateX\(-?\d+%\);$/,
    why: 'the sliding fill of the progress bar: its bar is mirrored by .bar:dir(rtl)',
  },
  {
    file: 'shared/src/ui/motion.module.css',
    pattern: /^\s*transform: translateX\(-?\d+%\);$/,
    why: "the loading sheen's sweep (on the compositor): reversed by .shimmer:dir(rtl)",
  },
];

export function physicalProperties(file: string, source: string): string[] {
  const text = withoutComments(source);
  const lines = text.split('\n');
  const found: string[] = [];
  const patterns: Array<[RegExp, string]> = file.endsWith('.css')
    ? PHYSICAL_CSS
    : [[PHYSICAL_INLINE_STYLE, 'use marginInlineStart, paddingInlineEnd, …']];
  for (const [pattern, hint] of patterns)
    for (const m of text.matchAll(pattern)) {
      const line = lineOf(text, m.index);
      const allowed = ALLOWED.some((a) => a.file === file && a.pattern.test(lines[line - 1]!));
      if (!allowed) found.push(`${file}:${line} ${m[0].trim()} (${hint})`);
    }
  return found;
}

describe('product CSS uses logical properties', () => {
  it('has no physical horizontal property outside the allow-list', () => {
    const files = productSources(/\.(?:css|tsx)$/);
    // The listing found the product (a wrong working directory would pass vacuously).
    expect(files.some(({ file }) => file === 'shared/src/ui/icons.module.css')).toBe(true);
    expect(files.flatMap(({ file, text }) => physicalProperties(file, text))).toEqual([]);
  });

  it('refuses each physical form, and takes the logical ones', () => {
    const bad = [
      '.a { left: 0; }',
      '.a { right: var(--x); }',
      '.a { margin-left: auto; }',
      '.a { padding-right: 1em; }',
      '.a { border-left: 3px solid; }',
      '.a { border-right-color: red; }',
      '.a { text-align: left; }',
      '.a { float: right; }',
      '.a { border-top-left-radius: 4px; }',
      '.a { transform: translateX(-50%); }',
      '.a { padding: 0 1rem 0 2.5rem; }',
      '.a { margin: -28px 0 0 -28px; }',
    ];
    for (const css of bad) expect(physicalProperties('x.module.css', css)).toHaveLength(1);
    const good = [
      '.a { inset-inline-start: 0; inset-inline: 0; }',
      '.a { margin-inline-start: auto; padding-inline: 1rem 2rem; }',
      '.a { border-inline-start: 3px solid; text-align: start; float: inline-end; }',
      '.a { border-start-end-radius: 4px; transform: translateY(-50%); }',
      '.a { padding: 1px 2px 3px 2px; margin: 0 auto; }',
      '.a { justify-content: flex-end; scroll-padding-left: 0; /* left: 0 */ }',
    ];
    for (const css of good) expect(physicalProperties('x.module.css', css)).toEqual([]);
    expect(physicalProperties('x.tsx', `<a style={{ marginLeft: '1rem' }} />`)).toHaveLength(1);
    expect(physicalProperties('x.tsx', `el.scrollBy({ left: 10 });`)).toEqual([]);
  });

  it('allows physical offsets only where the allow-list says (not on the mirrored timeline)', () => {
    const timeline = 'mf-player/src/features/playback/components/control-bar.module.css';
    expect(physicalProperties(timeline, '.seekBuffered {\n  left: 0;\n}')).toHaveLength(1);
    expect(physicalProperties(timeline, '.other {\n  right: 0;\n}')).toHaveLength(1);
    const progress = 'shell/src/chrome/navigation-progress.module.css';
    expect(physicalProperties(progress, '.fill {\n  transform: translateX(-100%);\n}')).toEqual([]);
  });
});
