import { Button, Dialog } from '@streamflix/shared';
import type { PlayerPreferences } from '../player-preferences';
import { ShortcutSettings } from './shortcut-settings';

export function ShortcutsDialog({
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
  return (
    <Dialog
      open={open}
      title="Keyboard shortcuts"
      onClose={onClose}
      actions={<Button onClick={onClose}>Close</Button>}
    >
      <ShortcutSettings prefs={prefs} onChange={onChange} />
    </Dialog>
  );
}
