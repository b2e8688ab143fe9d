import { render, screen } from '@testing-library/react';
import { actionForKey, keyLabel, DEFAULT_KEY_MAP, visualKey } from './keyboard-shortcuts';
import { shortcutsFor } from './shortcuts/shortcut-labels';
import { captionDirection } from './captions/caption-direction';
import { CaptionOverlay } from './captions/caption-overlay';
import { DEFAULT_CAPTION_STYLE } from './captions/caption-style';

describe('the timeline in right to left (docs/i18n.md)', () => {
  const key = (k: string, dir: 'ltr' | 'rtl', shiftKey = false) =>
    actionForKey({ key: k, shiftKey, targetTag: 'DIV', dir });

  it('keeps ArrowLeft = back and ArrowRight = forward left to right', () => {
    expect(key('ArrowLeft', 'ltr')).toBe('seek-back');
    expect(key('ArrowRight', 'ltr')).toBe('seek-forward');
    expect(key('ArrowLeft', 'ltr', true)).toBe('previous-chapter');
  });

  it('mirrors the arrows right to left: ArrowLeft seeks forward, as the bar runs leftwards', () => {
    expect(key('ArrowLeft', 'rtl')).toBe('seek-forward');
    expect(key('ArrowRight', 'rtl')).toBe('seek-back');
    expect(key('ArrowLeft', 'rtl', true)).toBe('next-chapter');
    expect(key('ArrowRight', 'rtl', true)).toBe('previous-chapter');
    // Up and down, and letters, do not depend on the direction.
    expect(key('ArrowUp', 'rtl')).toBe('volume-up');
    expect(key('k', 'rtl')).toBe('toggle-play');
    expect(visualKey('m', 'rtl')).toBe('m');
  });

  it('shows the arrows the viewer presses in the shortcuts help', () => {
    const rows = shortcutsFor(DEFAULT_KEY_MAP, 'rtl');
    expect(rows.find((r) => r.action === 'seek-forward')!.keys).toEqual(['←']);
    expect(rows.find((r) => r.action === 'seek-back')!.keys).toEqual(['→']);
    expect(keyLabel('Shift+ArrowRight', 'rtl')).toBe('Shift+←');
    expect(keyLabel('ArrowRight')).toBe('→');
  });
});

describe('subtitles by the track’s language', () => {
  it('is right to left for Arabic and Hebrew tracks, whatever the UI language', () => {
    expect(captionDirection('ar')).toBe('rtl');
    expect(captionDirection('he-IL')).toBe('rtl');
    expect(captionDirection('fa')).toBe('rtl');
    expect(captionDirection('en')).toBe('ltr');
    expect(captionDirection('ja')).toBe('ltr');
    expect(captionDirection(undefined)).toBe('ltr');
  });

  it('draws an Arabic track right to left and right-aligned', () => {
    const { rerender } = render(
      <CaptionOverlay text="مرحبا" style={DEFAULT_CAPTION_STYLE} raised={false} lang="ar" />,
    );
    const overlay = screen.getByTestId('captions');
    expect(overlay).toHaveAttribute('dir', 'rtl');
    expect(overlay).toHaveAttribute('lang', 'ar');
    expect(overlay.className).toMatch(/rtl/);
    rerender(
      <CaptionOverlay text="Hello" style={DEFAULT_CAPTION_STYLE} raised={false} lang="en" />,
    );
    expect(screen.getByTestId('captions')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByTestId('captions').className).not.toMatch(/rtl/);
  });
});
