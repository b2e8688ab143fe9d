import { useI18n } from '@streamflix/shared';
import { useState, type KeyboardEvent } from 'react';
import {
  DEFAULT_KEY_MAP,
  keyLabel,
  documentDirection,
  rebind,
  type PlayerAction,
} from '../keyboard-shortcuts';
import { labelOf, shortcutsFor } from './shortcut-labels';
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
  const i18n = useI18n();
  const dir = documentDirection();
  const keyName = (k: string) => keyLabel(k, dir);
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
      setMessage({
        text: i18n._({ id: 'mf-player.shortcuts.notChanged', message: 'Shortcut not changed.' }),
        error: false,
      });
      return;
    }
    if (['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) return;
    const result = rebind(prefs.keyMap, action, e);
    if (result.ok) {
      onChange({ keyMap: result.map });
      setRecording(null);
      setMessage({
        text: i18n._({
          id: 'mf-player.shortcuts.changed',
          message: '{action}: now {key}.',
          values: { action: labelOf(action), key: keyName(result.map[action][0]!) },
        }),
        error: false,
      });
    } else if (result.reason === 'conflict') {
      setMessage({
        text: i18n._({
          id: 'mf-player.shortcuts.conflict',
          message:
            '{key} is already used for “{action}”. Press another key, or Escape to keep {current}.',
          values: {
            key: keyName(e.key),
            action: labelOf(result.conflictsWith),
            current: prefs.keyMap[action].map(keyName).join(' / '),
          },
        }),
        error: true,
      });
    } else {
      setMessage({
        text:
          e.ctrlKey || e.metaKey || e.altKey
            ? i18n._({
                id: 'mf-player.shortcuts.modifierRefused',
                message:
                  'Shortcuts with Ctrl, Alt or ⌘ can’t be used: they belong to the browser. Press another key.',
              })
            : i18n._({
                id: 'mf-player.shortcuts.reserved',
                message:
                  '{key} can’t be used: it belongs to the browser or to moving around. Press another key.',
                values: { key: keyName(e.key) },
              }),
        error: true,
      });
    }
  };

  return (
    <div className={styles.shortcutSettings}>
      <p>
        {prefs.shortcuts
          ? i18n._({
              id: 'mf-player.shortcuts.workWhileFocused',
              message: 'Shortcuts work while the player has focus.',
            })
          : i18n._({
              id: 'mf-player.shortcuts.off',
              message:
                'Shortcuts are off. Turn them on below or from the keyboard menu in the player.',
            })}
      </p>
      <dl className={styles.shortcutList}>
        {shortcutsFor(prefs.keyMap, dir).map((s) => (
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
                    ? i18n._({
                        id: 'mf-player.shortcuts.pressNew',
                        message: 'Press the new key for {action}',
                        values: { action: s.label },
                      })
                    : i18n._({
                        id: 'mf-player.shortcuts.changeKey',
                        message: 'Change the key for {action}',
                        values: { action: s.label },
                      })
                }
                aria-pressed={recording === s.action}
                onClick={() => {
                  setRecording(recording === s.action ? null : s.action);
                  setMessage(null);
                }}
                onKeyDown={onRecordKey(s.action)}
                onBlur={() => setRecording((r) => (r === s.action ? null : r))}
              >
                {recording === s.action
                  ? i18n._({ id: 'mf-player.shortcuts.pressAKey', message: 'Press a key…' })
                  : i18n._({ id: 'mf-player.shortcuts.change', message: 'Change' })}
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
          setMessage({
            text: i18n._({
              id: 'mf-player.shortcuts.wasReset',
              message: 'Shortcuts reset to the defaults.',
            }),
            error: false,
          });
        }}
      >
        {i18n._({ id: 'mf-player.shortcuts.reset', message: 'Reset shortcuts to defaults' })}
      </button>
      <div className={styles.settingsToggles}>
        <PreferenceToggle
          label={i18n._({ id: 'mf-player.shortcuts.on', message: 'Keyboard shortcuts on' })}
          checked={prefs.shortcuts}
          onChange={(shortcuts) => onChange({ shortcuts })}
        />
        <PreferenceToggle
          label={i18n._({
            id: 'mf-player.shortcuts.announceCaptions',
            message: 'Read subtitles out to screen readers',
          })}
          checked={prefs.announceCaptions}
          onChange={(announceCaptions) => onChange({ announceCaptions })}
        />
      </div>
    </div>
  );
}
