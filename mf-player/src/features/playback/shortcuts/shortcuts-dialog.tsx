import { useCatalogs, useI18n } from '@streamflix/shared';
import { Button, Dialog } from '@streamflix/shared';
import type { PlayerPreferences } from '../player-preferences';
import { ShortcutSettings } from './shortcut-settings';
import { shortcutsCatalogs } from './locales/catalogs';

/** The `?` dialog: every shortcut, and remapping them. Loaded only when opened, with its catalogs. */
export default function ShortcutsDialog({
  open,
  onClose,
  prefs,
  onChange,
}: {
  open: boolean;
  onClose: () => void;
  prefs: PlayerPreferences;
  onChange: (patch: Partial<PlayerPreferences>) => void;
}) {
  useCatalogs(shortcutsCatalogs);
  const i18n = useI18n();
  return (
    <Dialog
      open={open}
      title={i18n._({ id: 'mf-player.shortcuts.title', message: 'Keyboard shortcuts' })}
      onClose={onClose}
      actions={
        <Button onClick={onClose}>{i18n._({ id: 'mf-player.close', message: 'Close' })}</Button>
      }
    >
      <ShortcutSettings prefs={prefs} onChange={onChange} />
    </Dialog>
  );
}
