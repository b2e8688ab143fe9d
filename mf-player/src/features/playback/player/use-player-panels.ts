import { i18n } from '@streamflix/shared';
import { useCallback, useState } from 'react';

/**
 * What is open over the player: a control-bar menu, the shortcuts dialog, the caption settings and
 * the stats overlay. Controls stay shown while any is open, and shortcuts pause under a dialog.
 */
export function usePlayerPanels(announce: (message: string) => void) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [statsOpen, setStatsOpen] = useState(false);
  const [captionSettingsOpen, setCaptionSettingsOpen] = useState(false);
  const toggleStats = useCallback(() => {
    setStatsOpen((open) => !open);
    announce(
      statsOpen
        ? i18n._({ id: 'mf-player.stats.closed', message: 'Playback stats closed' })
        : i18n._({ id: 'mf-player.stats.shown', message: 'Playback stats shown' }),
    );
  }, [announce, statsOpen]);
  return {
    menuOpen,
    setMenuOpen,
    helpOpen,
    setHelpOpen,
    statsOpen,
    setStatsOpen,
    toggleStats,
    captionSettingsOpen,
    setCaptionSettingsOpen,
    dialogOpen: helpOpen || captionSettingsOpen,
  };
}
