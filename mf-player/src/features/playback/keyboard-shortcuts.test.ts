import { actionForKey, SHORTCUTS } from './keyboard-shortcuts';

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
