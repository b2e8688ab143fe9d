import { formatNumber, i18n } from '@streamflix/shared';
import type { CSSProperties } from 'react';

/**
 * How captions look: the FCC/CVAA caption settings (size, text colour, background opacity,
 * font) that viewers know from YouTube and Netflix. Stored per profile; anything malformed
 * in storage falls back to the default of that one setting.
 */
export interface CaptionStyle {
  size: CaptionSize;
  color: CaptionColor;
  /** Opacity of the black box behind the text, in percent. */
  background: CaptionBackground;
  font: CaptionFont;
}

export const CAPTION_SIZES = [
  {
    value: 'small',
    scale: 0.75,
  },
  {
    value: 'medium',
    scale: 1,
  },
  {
    value: 'large',
    scale: 1.5,
  },
  {
    value: 'x-large',
    scale: 2,
  },
] as const;
export const CAPTION_COLORS = [
  {
    value: 'white',
    css: '#ffffff',
  },
  {
    value: 'yellow',
    css: '#ffeb3b',
  },
  {
    value: 'cyan',
    css: '#00e5ff',
  },
  {
    value: 'green',
    css: '#69f0ae',
  },
  {
    value: 'magenta',
    css: '#ff66ff',
  },
] as const;
export const CAPTION_BACKGROUNDS = [
  {
    value: 0,
  },
  { value: 25 },
  { value: 50 },
  { value: 75 },
  {
    value: 100,
  },
] as const;
export const CAPTION_FONTS = [
  {
    value: 'sans',
    css: 'system-ui, "Segoe UI", Roboto, Arial, sans-serif',
  },
  {
    value: 'serif',
    css: 'Georgia, "Times New Roman", serif',
  },
  {
    value: 'mono',
    css: '"DejaVu Sans Mono", Menlo, Consolas, monospace',
  },
  {
    value: 'casual',
    css: '"Comic Sans MS", "Comic Neue", cursive',
  },
  {
    value: 'small-caps',
    css: 'system-ui, Arial, sans-serif',
  },
] as const;

export type CaptionSize = (typeof CAPTION_SIZES)[number]['value'];
export type CaptionColor = (typeof CAPTION_COLORS)[number]['value'];
export type CaptionBackground = (typeof CAPTION_BACKGROUNDS)[number]['value'];
export type CaptionFont = (typeof CAPTION_FONTS)[number]['value'];

export const DEFAULT_CAPTION_STYLE: CaptionStyle = {
  size: 'medium',
  color: 'white',
  background: 75,
  font: 'sans',
};

function pick<T extends string | number>(
  options: ReadonlyArray<{ value: T }>,
  value: unknown,
  fallback: T,
): T {
  return options.find((o) => o.value === value)?.value ?? fallback;
}

export function captionStyleFrom(stored: unknown): CaptionStyle {
  const raw = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const d = DEFAULT_CAPTION_STYLE;
  return {
    size: pick(CAPTION_SIZES, raw.size, d.size),
    color: pick(CAPTION_COLORS, raw.color, d.color),
    background: pick(CAPTION_BACKGROUNDS, raw.background, d.background),
    font: pick(CAPTION_FONTS, raw.font, d.font),
  };
}

/** The style as custom properties on the caption box (and its preview). */
export function captionCss(style: CaptionStyle): CSSProperties {
  const size = CAPTION_SIZES.find((s) => s.value === style.size)!;
  const colour = CAPTION_COLORS.find((c) => c.value === style.color)!;
  const font = CAPTION_FONTS.find((f) => f.value === style.font)!;
  return {
    ['--sf-caption-scale' as string]: String(size.scale),
    ['--sf-caption-colour' as string]: colour.css,
    ['--sf-caption-background' as string]: `rgb(0 0 0 / ${style.background}%)`,
    ['--sf-caption-font' as string]: font.css,
    ['--sf-caption-variant' as string]: style.font === 'small-caps' ? 'small-caps' : 'normal',
    // Without a box, an outline keeps light text readable on a light frame.
    ['--sf-caption-shadow' as string]:
      style.background < 50 ? '0 0 3px #000, 0 0 3px #000, 1px 1px 2px #000' : 'none',
  };
}

/** Timing moves in steps of 50 ms, both ways, up to 10 s. */
export const CAPTION_OFFSET_STEP = 0.05;
export const CAPTION_OFFSET_LIMIT = 10;

export function stepOffset(offset: number, direction: 1 | -1): number {
  const next = Math.round((offset + direction * CAPTION_OFFSET_STEP) * 1000) / 1000;
  return Math.max(-CAPTION_OFFSET_LIMIT, Math.min(CAPTION_OFFSET_LIMIT, next));
}

/** "+0.15 s (later)", for the control and the announcement. */
export function offsetLabel(offset: number): string {
  if (Math.abs(offset) < 0.001)
    return i18n._({ id: 'mf-player.captions.offset.inSync', message: 'in sync (0 ms)' });
  const ms = formatNumber(Math.round(Math.abs(offset) * 1000));
  return offset > 0
    ? i18n._({ id: 'mf-player.captions.offset.later', message: '{ms} ms later', values: { ms } })
    : i18n._({
        id: 'mf-player.captions.offset.earlier',
        message: '{ms} ms earlier',
        values: { ms },
      });
}
