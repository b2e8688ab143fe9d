import { useState, type KeyboardEvent } from 'react';
import {
  DEFAULT_KEY_MAP,
  keyLabel,
  labelOf,
  rebind,
  shortcutsFor,
  type PlayerAction,
} from '../keyboard-shortcuts';
import type { PlayerPreferences } from '../player-preferences';
import styles from './shortcut-settings.module.css';

export interface ShortcutSettingsProps {
  prefs: PlayerPreferences;
  onChange: (patch: Partial<PlayerPreferences>) => void;
}

/**
 * The `?` dialog's body: the current mapping, each action remappable to one key
 * (conflicts and reserved keys refused with a reason), reset to defaults, and
 * the screen-reader options. Stored per device with the other player preferences.
 */
function PreferenceToggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />{' '}
      {label}
    </label>
  );
}

export function ShortcutSettings({ prefs, onChange }: ShortcutSettingsProps) {
  const [recording, setRecording] = useState<PlayerAction | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const onRecordKey = (action: PlayerAction) => (e: KeyboardEvent<HTMLButtonElement>) => {
    if (recording !== action) return;
    // Tab still moves on; everything else is the key being recorded.
    if (e.key === 'Tab') return;
    e.preventDefault();
    e.stopPropagation();
    if (e.key === 'Escape') {
      setRecording(null);
      setMessage({ text: 'Shortcut not changed.', error: false });
      return;
    }
    if (['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) return;
    const result = rebind(prefs.keyMap, action, e);
    if (result.ok) {
      onChange({ keyMap: result.map });
      setRecording(null);
      setMessage({
        text: `${labelOf(action)}: now ${keyLabel(result.map[action][0]!)}.`,
        error: false,
      });
    } else if (result.reason === 'conflict') {
      setMessage({
        text: `${keyLabel(e.key)} is already used for “${labelOf(result.conflictsWith)}”. Press another key, or Escape to keep ${prefs.keyMap[action].map(keyLabel).join(' / ')}.`,
        error: true,
      });
    } else {
      setMessage({
        text: `${e.ctrlKey || e.metaKey || e.altKey ? 'Shortcuts with Ctrl, Alt or ⌘' : keyLabel(e.key)} can't be used: it belongs to the browser or to moving around. Press another key.`,
        error: true,
      });
    }
  };

  return (
    <div className={styles.shortcutSettings}>
      <p>
        {prefs.shortcuts
          ? 'Shortcuts work while the player has focus.'
          : 'Shortcuts are off. Turn them on below or from the keyboard menu in the player.'}
      </p>
      <dl className={styles.shortcutList}>
        {shortcutsFor(prefs.keyMap).map((s) => (
          <div key={s.action} className={styles.shortcutRow}>
            <dt>
              {s.keys.map((k) => (
                <kbd key={k}>{k}</kbd>
              ))}
            </dt>
            <dd>
              {s.label}
              <button
                type="button"
                className={styles.remap}
                aria-label={
                  recording === s.action
                    ? `Press the new key for ${s.label}`
                    : `Change the key for ${s.label}`
                }
                aria-pressed={recording === s.action}
                onClick={() => {
                  setRecording(recording === s.action ? null : s.action);
                  setMessage(null);
                }}
                onKeyDown={onRecordKey(s.action)}
                onBlur={() => setRecording((r) => (r === s.action ? null : r))}
              >
                {recording === s.action ? 'Press a key…' : 'Change'}
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.remapMessage} role={message?.error ? 'alert' : 'status'}>
        {message?.text}
      </p>
      <button
        type="button"
        className={styles.remap}
        onClick={() => {
          onChange({ keyMap: { ...DEFAULT_KEY_MAP } });
          setMessage({ text: 'Shortcuts reset to the defaults.', error: false });
        }}
      >
        Reset shortcuts to defaults
      </button>
      <div className={styles.settingsToggles}>
        <PreferenceToggle
          label="Keyboard shortcuts on"
          checked={prefs.shortcuts}
          onChange={(shortcuts) => onChange({ shortcuts })}
        />
        <PreferenceToggle
          label="Read subtitles out to screen readers"
          checked={prefs.announceCaptions}
          onChange={(announceCaptions) => onChange({ announceCaptions })}
        />
      </div>
    </div>
  );
}
