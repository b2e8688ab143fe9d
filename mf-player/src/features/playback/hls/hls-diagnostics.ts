import type Hls from 'hls.js';
import type { PlayerDiagnostics } from '../player-diagnostics';

/** This session's last segment and codecs, kept by useHlsPlayback. */
export interface SessionStats {
  segment: string | null;
  codecs: string[];
}

/** Start-up time and stalls, as the quality tracker counts them. */
export interface StartupStats {
  startupMs: number | null;
  stalls: number;
}

/** What the stats overlay and a problem report say about the stream, read at the moment asked. */
export function hlsDiagnostics(
  hls: Hls | null,
  video: HTMLVideoElement | null,
  stats: SessionStats,
  startup: StartupStats | null,
  recentErrors: string[],
): PlayerDiagnostics {
  const level = hls && hls.currentLevel >= 0 ? hls.levels[hls.currentLevel] : undefined;
  let bufferAhead = 0;
  if (video) {
    for (let i = 0; i < video.buffered.length; i += 1) {
      if (
        video.buffered.start(i) <= video.currentTime &&
        video.currentTime <= video.buffered.end(i)
      ) {
        bufferAhead = video.buffered.end(i) - video.currentTime;
      }
    }
  }
  const quality = video?.getVideoPlaybackQuality?.();
  const audio = hls && hls.audioTrack >= 0 ? hls.audioTracks[hls.audioTrack] : undefined;
  let cdnHost: string | null = null;
  try {
    cdnHost = stats.segment ? new URL(stats.segment).host : null;
  } catch {
    cdnHost = null;
  }
  return {
    engine: hls ? 'hls.js' : video?.src ? 'native' : 'none',
    rendition: level ? `${level.height}p (${Math.round(level.bitrate / 1000)} kbps)` : null,
    renditions: hls
      ? hls.levels.map((l) => `${l.height}p (${Math.round(l.bitrate / 1000)} kbps)`)
      : [],
    audioTrack: audio ? `${audio.name} (${audio.lang ?? '?'})` : null,
    autoLevel: hls?.autoLevelEnabled ?? null,
    bandwidthEstimateKbps: hls ? Math.round(hls.bandwidthEstimate / 1000) : null,
    bufferAheadSeconds: Math.round(bufferAhead * 10) / 10,
    position: video ? Math.round(video.currentTime * 10) / 10 : null,
    duration: video && Number.isFinite(video.duration) ? video.duration : null,
    readyState: video?.readyState ?? null,
    paused: video?.paused ?? null,
    droppedFrames: quality?.droppedVideoFrames ?? null,
    totalFrames: quality?.totalVideoFrames ?? null,
    startupMs: startup?.startupMs ?? null,
    stalls: startup?.stalls ?? 0,
    segment: stats.segment,
    cdnHost,
    mediaError: video?.error ? `${video.error.code} ${video.error.message}` : null,
    recentErrors,
  };
}
