import type Hls from 'hls.js';
import type { StoredAudioChoice } from '@streamflix/shared';
import type { AudioTrackInfo, HlsPlaybackState } from './hls-playback-state';

const DESCRIBES_VIDEO = 'public.accessibility.describes-video';

export interface FollowTracksOptions {
  patch: (p: Partial<HlsPlaybackState>) => void;
  /** The viewer's audio for titles in this original language, if any (read when tracks arrive). */
  preferredAudio: () => ((originalLanguage: string) => StoredAudioChoice | null) | undefined;
  /** The viewer's subtitle language, if any (read when tracks arrive). */
  preferredSubtitle: () => string | null;
  disposed: () => boolean;
}

/**
 * The player's state follows hls.js's levels, audio and subtitle tracks, and the viewer's
 * remembered audio and subtitles are chosen as the tracks arrive. Returns `levels(list)` for the
 * manifest's levels (its caller chooses the start rung first) and `announce()`, which reads what
 * an instance already said before the player followed it (a watch link's early playback).
 */
export function followTracks(h: Hls, H: typeof Hls, o: FollowTracksOptions) {
  const { patch } = o;
  const audio = (audioTracks: Hls['audioTracks']) => {
    const tracks: AudioTrackInfo[] = audioTracks.map((t) => ({
      id: t.id,
      name: t.name,
      lang: t.lang ?? '',
      description: (t.characteristics ?? '').includes(DESCRIBES_VIDEO),
      isDefault: t.default,
    }));
    patch({ audioTracks: tracks, audioTrack: h.audioTrack });
    // The default (original) audio starts; a remembered choice replaces it before any audio
    // segment is needed, so the first frame does not wait for it.
    const original = tracks.find((t) => t.isDefault) ?? tracks[0];
    const wanted = original ? o.preferredAudio()?.(original.lang) : null;
    const match =
      wanted &&
      tracks.find((t) => t.lang === wanted.language && t.description === wanted.description);
    if (match && match.id !== h.audioTrack) h.audioTrack = match.id;
  };
  const levels = (list: Hls['levels']) => {
    patch({
      levels: list.map((l, index) => ({
        index,
        height: l.height,
        name: l.name || `${l.height}p`,
        bitrate: l.bitrate,
      })),
      status: 'ready',
    });
  };
  const subtitles = (subtitleTracks: Hls['subtitleTracks']) => {
    const tracks = subtitleTracks.map((t) => ({ id: t.id, name: t.name, lang: t.lang ?? '' }));
    patch({ subtitleTracks: tracks });
    const wanted = o.preferredSubtitle();
    const match = wanted ? tracks.find((t) => t.lang === wanted) : undefined;
    // After hls.js's own choice, which it makes right after this event (no default track: none)
    // and which undid the viewer's remembered language on every start.
    if (match)
      queueMicrotask(() => {
        if (!o.disposed() && h.subtitleTrack !== match.id) h.subtitleTrack = match.id;
      });
  };
  h.on(H.Events.AUDIO_TRACKS_UPDATED, (_e, data) => audio(data.audioTracks));
  h.on(H.Events.AUDIO_TRACK_SWITCHED, (_e, data) => patch({ audioTrack: data.id }));
  h.on(H.Events.LEVEL_SWITCHED, (_e, data) =>
    patch({ currentLevel: data.level, autoLevel: h.autoLevelEnabled }),
  );
  h.on(H.Events.SUBTITLE_TRACKS_UPDATED, (_e, data) => subtitles(data.subtitleTracks));
  h.on(H.Events.SUBTITLE_TRACK_SWITCH, (_e, data) => patch({ subtitleTrack: data.id }));
  return {
    levels,
    announce() {
      if (h.levels.length) {
        levels(h.levels);
        patch({ currentLevel: h.currentLevel, autoLevel: h.autoLevelEnabled });
      }
      if (h.audioTracks.length) audio(h.audioTracks);
      if (h.subtitleTracks.length) subtitles(h.subtitleTracks);
    },
  };
}
