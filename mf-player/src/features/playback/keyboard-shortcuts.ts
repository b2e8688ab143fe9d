import { i18n } from '@streamflix/shared';

/**
 * Keyboard shortcuts of the player: one key map drives the handler, the `?`
 * dialog and the remapping in the player's settings. Keys are `KeyboardEvent.key`
 * values, letters lower-cased (`' '`, `'k'`, `'ArrowLeft'`, `'?'`).
 */
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
  | 'previous-chapter'
  | 'next-chapter'
  | 'captions-earlier'
  | 'captions-later'
  | 'toggle-stats'
  | 'show-help';

export type KeyMap = Record<PlayerAction, string[]>;

/** Every action, in the order the `?` dialog lists them (their names: shortcuts/shortcut-labels.ts). */
export const ACTIONS: ReadonlyArray<{ action: PlayerAction }> = [
  { action: 'toggle-play' },
  { action: 'seek-back' },
  { action: 'seek-forward' },
  { action: 'volume-up' },
  { action: 'volume-down' },
  { action: 'toggle-fullscreen' },
  { action: 'toggle-mute' },
  { action: 'toggle-captions' },
  { action: 'skip-intro' },
  { action: 'previous-chapter' },
  { action: 'next-chapter' },
  { action: 'captions-earlier' },
  { action: 'captions-later' },
  { action: 'toggle-stats' },
  { action: 'show-help' },
];

export const DEFAULT_KEY_MAP: KeyMap = {
  'toggle-play': [' ', 'k'],
  'seek-back': ['ArrowLeft'],
  'seek-forward': ['ArrowRight'],
  'volume-up': ['ArrowUp'],
  'volume-down': ['ArrowDown'],
  'toggle-fullscreen': ['f'],
  'toggle-mute': ['m'],
  'toggle-captions': ['c'],
  'skip-intro': ['s'],
  'previous-chapter': ['Shift+ArrowLeft'],
  'next-chapter': ['Shift+ArrowRight'],
  'captions-earlier': ['g'],
  'captions-later': ['h'],
  'toggle-stats': ['i'],
  'show-help': ['?'],
};

/** Keys a shortcut may not take: they move focus, confirm, close dialogs, or are modifiers. */
const RESERVED = new Set([
  'Tab',
  'Enter',
  'Escape',
  'Shift',
  'Control',
  'Alt',
  'Meta',
  'CapsLock',
  'AltGraph',
  'Dead',
  'Unidentified',
  'Process',
]);

export const normaliseKey = (key: string): string =>
  key.length === 1 && key !== '?' ? key.toLowerCase() : key;

/**
 * A key press as the map names it. Shift is part of the name only for keys it does not
 * already change (`Shift+ArrowRight`); Shift+/ arrives as `?` by itself.
 */
export const keyId = (e: { key: string; shiftKey?: boolean }): string =>
  e.shiftKey && e.key.length > 1 && e.key !== 'Shift' ? `Shift+${e.key}` : normaliseKey(e.key);

const ARROWS: Record<string, string> = {
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
};

export type Direction = 'ltr' | 'rtl';

/**
 * The timeline runs from the inline start (issue 37, point 4; docs/i18n.md): right to left in
 * Arabic and Hebrew. The key map names arrows as they are in left-to-right languages ("ArrowLeft"
 * goes back); in right to left they follow what the viewer sees, so ArrowLeft goes forward.
 */
export function visualKey(key: string, dir: Direction | undefined): string {
  if (dir !== 'rtl') return key;
  const swap = (k: string) =>
    k === 'ArrowLeft' ? 'ArrowRight' : k === 'ArrowRight' ? 'ArrowLeft' : k;
  return key.startsWith('Shift+') ? `Shift+${swap(key.slice(6))}` : swap(key);
}

/** The direction of the document's language (the player follows `<html dir>`). */
export const documentDirection = (): Direction =>
  typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';

/** How a key is shown on a <kbd> (arrows as the viewer presses them in `dir`). */
export function keyLabel(key: string, dir?: Direction): string {
  if (dir === 'rtl') return keyLabel(visualKey(key, dir));
  if (key.startsWith('Shift+')) return `Shift+${keyLabel(key.slice(6))}`;
  if (key === ' ') return i18n._({ id: 'mf-player.shortcuts.key.space', message: 'Space' });
  if (ARROWS[key]) return ARROWS[key]!;
  return key.length === 1 ? key.toUpperCase() : key;
}

/** The viewer's remapped actions over the defaults; anything malformed falls back to them. */
export function keyMapFrom(custom: unknown): KeyMap {
  const map: KeyMap = { ...DEFAULT_KEY_MAP };
  if (!custom || typeof custom !== 'object') return map;
  const taken = new Map<string, PlayerAction>();
  for (const { action } of ACTIONS) {
    const keys = (custom as Record<string, unknown>)[action];
    if (
      Array.isArray(keys) &&
      keys.length > 0 &&
      keys.every((k) => typeof k === 'string' && k.length > 0 && !RESERVED.has(k))
    )
      map[action] = keys.map(normaliseKey);
  }
  // A stored map with a key on two actions (edited by hand, or an old version) is not trusted.
  for (const { action } of ACTIONS)
    for (const k of map[action]) {
      if (taken.has(k)) return { ...DEFAULT_KEY_MAP };
      taken.set(k, action);
    }
  return map;
}

export type RebindResult =
  | { ok: true; map: KeyMap }
  | { ok: false; reason: 'reserved' | 'modifier' }
  | { ok: false; reason: 'conflict'; conflictsWith: PlayerAction };

/** Give `action` the single key `e`; refused when the key is reserved or used by another action. */
export function rebind(
  map: KeyMap,
  action: PlayerAction,
  e: Pick<KeyInput, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): RebindResult {
  if (e.ctrlKey || e.metaKey || e.altKey) return { ok: false, reason: 'modifier' };
  if (RESERVED.has(e.key)) return { ok: false, reason: 'reserved' };
  const key = keyId(e);
  const owner = ACTIONS.find((a) => a.action !== action && map[a.action].includes(key));
  if (owner) return { ok: false, reason: 'conflict', conflictsWith: owner.action };
  return { ok: true, map: { ...map, [action]: [key] } };
}

export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
  /** Tag of the focused element and its role: keys that the control itself uses are left to it. */
  targetTag?: string;
  targetRole?: string | null;
  targetType?: string | null;
  /** The player's direction: in `rtl` the arrows are mirrored (visualKey). */
  dir?: Direction;
}

/** A key press as `actionForKey` reads it, from a DOM or React keyboard event. */
export function keyInputOf(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  target: EventTarget | null;
}): KeyInput {
  const target = e.target as Element;
  return {
    key: e.key,
    ctrlKey: e.ctrlKey,
    metaKey: e.metaKey,
    altKey: e.altKey,
    shiftKey: e.shiftKey,
    targetTag: target.tagName,
    targetRole: target.getAttribute('role'),
    targetType: target.getAttribute('type'),
    dir: documentDirection(),
  };
}

/** The action for a key press, or null when the key belongs to the browser or the focused control. */
export function actionForKey(e: KeyInput, map: KeyMap = DEFAULT_KEY_MAP): PlayerAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const key = visualKey(keyId(e), e.dir);
  const action = ACTIONS.find((a) => map[a.action].includes(key))?.action;
  if (!action) return null;
  const tag = (e.targetTag ?? '').toUpperCase();
  const role = e.targetRole ?? '';
  // Space/Enter press the focused button; menus use the arrow keys themselves.
  if (key === ' ' && (tag === 'BUTTON' || tag === 'A' || role.startsWith('menuitem'))) return null;
  if (role.startsWith('menuitem') || role === 'menu') return null;
  // The seek and volume sliders handle arrows natively (with their own step).
  if (tag === 'INPUT' && e.targetType === 'range' && key.startsWith('Arrow')) return null;
  if (tag === 'INPUT' && e.targetType !== 'range') return null;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return null;
  return action;
}
