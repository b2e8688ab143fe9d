import type { StreamProblem } from '../player-problems';

// What useHlsPlayback tells the player about the stream, and the tracks it found.

export interface LevelInfo {
  index: number;
  height: number;
  name: string;
  bitrate: number;
}

export interface SubtitleTrackInfo {
  id: number;
  name: string;
  lang: string;
}

export interface AudioTrackInfo {
  id: number;
  name: string;
  lang: string;
  /** An audio-description track (describes the picture for blind and low-vision viewers). */
  description: boolean;
  /** The stream's default: its original audio. */
  isDefault: boolean;
}

export type StreamStatus = 'loading' | 'ready' | 'reconnecting' | 'error';

export interface HlsPlaybackState {
  engine: 'hls.js' | 'native' | null;
  status: StreamStatus;
  /** Why the stream stopped (status 'error'). */
  problem: StreamProblem | null;
  /** While the network is down or being retried: what the banner says. */
  reconnect: { offline: boolean; attempt: number } | null;
  levels: LevelInfo[];
  /** Level being played now (-1 unknown). */
  currentLevel: number;
  /** True while the player picks the level by bandwidth ("Auto"). */
  autoLevel: boolean;
  subtitleTracks: SubtitleTrackInfo[];
  /** -1: off. */
  subtitleTrack: number;
  audioTracks: AudioTrackInfo[];
  /** -1 unknown. */
  audioTrack: number;
}
