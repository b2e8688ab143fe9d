import {
  actionForKey,
  DEFAULT_KEY_MAP,
  keyInputOf,
  keyLabel,
  keyMapFrom,
  rebind,
} from './keyboard-shortcuts';
import { shortcutsFor, SHORTCUTS } from './shortcuts/shortcut-labels';

describe('actionForKey', () => {
  it.each([
    [' ', 'toggle-play'],
    ['k', 'toggle-play'],
    ['K', 'toggle-play'],
    ['ArrowLeft', 'seek-back'],
    ['ArrowRight', 'seek-forward'],
    ['ArrowUp', 'volume-up'],
    ['ArrowDown', 'volume-down'],
    ['f', 'toggle-fullscreen'],
    ['m', 'toggle-mute'],
    ['c', 'toggle-captions'],
    ['s', 'skip-intro'],
    ['?', 'show-help'],
  ])('%j → %s', (key, action) => {
    expect(actionForKey({ key, targetTag: 'DIV' })).toBe(action);
  });

  it('leaves browser shortcuts and unknown keys alone', () => {
    expect(actionForKey({ key: 'f', ctrlKey: true })).toBeNull();
    expect(actionForKey({ key: 'r', metaKey: true })).toBeNull();
    expect(actionForKey({ key: 'x' })).toBeNull();
  });

  it('lets a focused button take Space and a slider take the arrows', () => {
    expect(actionForKey({ key: ' ', targetTag: 'BUTTON' })).toBeNull();
    expect(actionForKey({ key: 'k', targetTag: 'BUTTON' })).toBe('toggle-play');
    expect(actionForKey({ key: 'ArrowLeft', targetTag: 'INPUT', targetType: 'range' })).toBeNull();
    expect(actionForKey({ key: 'm', targetTag: 'INPUT', targetType: 'range' })).toBe('toggle-mute');
    expect(
      actionForKey({ key: 'ArrowDown', targetTag: 'BUTTON', targetRole: 'menuitemradio' }),
    ).toBeNull();
  });

  it('documents every action in the help list', () => {
    const documented = new Set(SHORTCUTS.map((s) => s.action));
    for (const key of [
      ' ',
      'ArrowLeft',
      'ArrowRight',
      'ArrowUp',
      'ArrowDown',
      'f',
      'm',
      'c',
      's',
      '?',
    ]) {
      expect(documented.has(actionForKey({ key })!)).toBe(true);
    }
  });
});

describe('remapping', () => {
  it('moves an action to a free key; the old key stops working', () => {
    const r = rebind(DEFAULT_KEY_MAP, 'seek-back', { key: 'J' });
    if (!r.ok) throw new Error('refused');
    expect(actionForKey({ key: 'j' }, r.map)).toBe('seek-back');
    expect(actionForKey({ key: 'ArrowLeft' }, r.map)).toBeNull();
    expect(shortcutsFor(r.map).find((s) => s.action === 'seek-back')!.keys).toEqual(['J']);
  });

  it('refuses a key another action uses, naming it', () => {
    expect(rebind(DEFAULT_KEY_MAP, 'seek-back', { key: 'k' })).toEqual({
      ok: false,
      reason: 'conflict',
      conflictsWith: 'toggle-play',
    });
    // Its own key again is fine.
    expect(rebind(DEFAULT_KEY_MAP, 'toggle-mute', { key: 'm' }).ok).toBe(true);
  });

  it('refuses keys that move focus or belong to the browser', () => {
    expect(rebind(DEFAULT_KEY_MAP, 'seek-back', { key: 'Tab' })).toMatchObject({ ok: false });
    expect(rebind(DEFAULT_KEY_MAP, 'seek-back', { key: 'Escape' })).toMatchObject({ ok: false });
    expect(rebind(DEFAULT_KEY_MAP, 'seek-back', { key: 'j', ctrlKey: true })).toMatchObject({
      ok: false,
      reason: 'modifier',
    });
  });

  it('reads a stored map over the defaults and distrusts a conflicting one', () => {
    expect(keyMapFrom({ 'seek-back': ['j'] })['seek-back']).toEqual(['j']);
    expect(keyMapFrom({ 'seek-back': ['j'] })['toggle-play']).toEqual([' ', 'k']);
    expect(keyMapFrom({ 'seek-back': ['k'] })).toEqual(DEFAULT_KEY_MAP);
    expect(keyMapFrom({ 'seek-back': ['Tab'], 'toggle-mute': 'x' })).toEqual(DEFAULT_KEY_MAP);
    expect(keyMapFrom('nonsense')).toEqual(DEFAULT_KEY_MAP);
  });
});

describe('chapter, subtitle timing and stats keys', () => {
  it('takes Shift+arrow as a chapter jump, even on the seek slider, and plain arrows stay seeks', () => {
    expect(actionForKey({ key: 'ArrowRight', shiftKey: true })).toBe('next-chapter');
    expect(actionForKey({ key: 'ArrowLeft', shiftKey: true })).toBe('previous-chapter');
    expect(
      actionForKey({ key: 'ArrowRight', shiftKey: true, targetTag: 'INPUT', targetType: 'range' }),
    ).toBe('next-chapter');
    expect(actionForKey({ key: 'ArrowRight' })).toBe('seek-forward');
    expect(actionForKey({ key: 'ArrowRight', ctrlKey: true, shiftKey: true })).toBeNull();
  });

  it('moves subtitles with G and H and shows stats with I; Shift+/ is still ?', () => {
    expect(actionForKey({ key: 'g' })).toBe('captions-earlier');
    expect(actionForKey({ key: 'H', shiftKey: true })).toBe('captions-later');
    expect(actionForKey({ key: 'i' })).toBe('toggle-stats');
    expect(actionForKey({ key: '?', shiftKey: true })).toBe('show-help');
  });

  it('labels and remaps a shifted key', () => {
    expect(keyLabel('Shift+ArrowLeft')).toBe('Shift+←');
    const result = rebind(DEFAULT_KEY_MAP, 'next-chapter', { key: 'PageDown', shiftKey: true });
    expect(result).toEqual({
      ok: true,
      map: expect.objectContaining({ 'next-chapter': ['Shift+PageDown'] }),
    });
  });
});

describe('keyInputOf', () => {
  it('reads the key, the modifiers and what the focused element is', () => {
    const slider = document.createElement('input');
    slider.type = 'range';
    slider.setAttribute('role', 'slider');
    const event = new KeyboardEvent('keydown', { key: 'ArrowLeft', shiftKey: true });
    Object.defineProperty(event, 'target', { value: slider });
    expect(keyInputOf(event)).toEqual({
      key: 'ArrowLeft',
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: true,
      targetTag: 'INPUT',
      targetRole: 'slider',
      targetType: 'range',
      dir: 'ltr',
    });
    // On the seek slider, the arrows are the slider's own.
    expect(actionForKey({ ...keyInputOf(event), shiftKey: false })).toBeNull();
  });
});
