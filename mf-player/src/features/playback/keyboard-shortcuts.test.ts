import {
  actionForKey,
  DEFAULT_KEY_MAP,
  keyMapFrom,
  rebind,
  shortcutsFor,
  SHORTCUTS,
} from './keyboard-shortcuts';

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
