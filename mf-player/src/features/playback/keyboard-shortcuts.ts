/** Keyboard shortcuts of the player: one table drives both the handler and the `?` help dialog. */
export type PlayerAction =
  | 'toggle-play'
  | 'seek-back'
  | 'seek-forward'
  | 'volume-up'
  | 'volume-down'
  | 'toggle-fullscreen'
  | 'toggle-mute'
  | 'toggle-captions'
  | 'skip-intro'
  | 'show-help';

export const SHORTCUTS: ReadonlyArray<{ keys: string[]; label: string; action: PlayerAction }> = [
  { keys: ['Space', 'K'], label: 'Play or pause', action: 'toggle-play' },
  { keys: ['←'], label: 'Back 10 seconds', action: 'seek-back' },
  { keys: ['→'], label: 'Forward 10 seconds', action: 'seek-forward' },
  { keys: ['↑'], label: 'Volume up', action: 'volume-up' },
  { keys: ['↓'], label: 'Volume down', action: 'volume-down' },
  { keys: ['F'], label: 'Fullscreen', action: 'toggle-fullscreen' },
  { keys: ['M'], label: 'Mute or unmute', action: 'toggle-mute' },
  { keys: ['C'], label: 'Subtitles on or off', action: 'toggle-captions' },
  { keys: ['S'], label: 'Skip intro', action: 'skip-intro' },
  { keys: ['?'], label: 'Show these shortcuts', action: 'show-help' },
];

export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** Tag of the focused element and its role: keys that the control itself uses are left to it. */
  targetTag?: string;
  targetRole?: string | null;
  targetType?: string | null;
}

const BY_KEY: Record<string, PlayerAction> = {
  ' ': 'toggle-play',
  k: 'toggle-play',
  ArrowLeft: 'seek-back',
  ArrowRight: 'seek-forward',
  ArrowUp: 'volume-up',
  ArrowDown: 'volume-down',
  f: 'toggle-fullscreen',
  m: 'toggle-mute',
  c: 'toggle-captions',
  s: 'skip-intro',
  '?': 'show-help',
};

/** The action for a key press, or null when the key belongs to the browser or the focused control. */
export function actionForKey(e: KeyInput): PlayerAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const key = e.key.length === 1 && e.key !== '?' ? e.key.toLowerCase() : e.key;
  const action = BY_KEY[key];
  if (!action) return null;
  const tag = (e.targetTag ?? '').toUpperCase();
  const role = e.targetRole ?? '';
  // Space/Enter press the focused button; menus use the arrow keys themselves.
  if (
    action === 'toggle-play' &&
    key === ' ' &&
    (tag === 'BUTTON' || tag === 'A' || role.startsWith('menuitem'))
  )
    return null;
  if (role.startsWith('menuitem') || role === 'menu') return null;
  // The seek and volume sliders handle arrows natively (with their own step).
  if (tag === 'INPUT' && e.targetType === 'range' && key.startsWith('Arrow')) return null;
  if (tag === 'INPUT' && e.targetType !== 'range') return null;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return null;
  return action;
}
