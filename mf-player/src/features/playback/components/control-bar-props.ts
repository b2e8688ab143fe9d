import type { ReactNode } from 'react';
import type { Chapter } from '../chapters/chapters';
import type { HlsPlaybackState } from '../hls/use-hls-playback';
import type { PlayerCommands } from '../player/use-player-commands';
import type { MediaState } from '../player/use-media-state';
import type { PlayerPreferences } from '../player-preferences';
import type { TrickplayCue } from '../trickplay/use-trickplay';

/** The control bar's inputs (control-bar.tsx), and the playback speeds its menu offers. */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];

export interface ControlBarProps {
  media: MediaState;
  commands: PlayerCommands;
  stream: HlsPlaybackState;
  setLevel: (index: number) => void;
  prefs: PlayerPreferences;
  updatePrefs: (patch: Partial<PlayerPreferences>) => void;
  /** Faded out while playing with nobody touching anything. */
  idle: boolean;
  onMenuOpenChange: (open: boolean) => void;
  onShowHelp: () => void;
  thumbnailAt: (time: number) => TrickplayCue | null;
  keyboardSeek: { time: number } | null;
  chapters: Chapter[];
  chapterAt: (time: number) => Chapter | null;
  statsOpen: boolean;
  onToggleStats: () => void;
  onOpenCaptionSettings: () => void;
  extraControls?: ReactNode;
}
