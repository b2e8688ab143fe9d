import { formatNumber, i18n } from '@streamflix/shared';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { HlsPlaybackState } from '../hls/use-hls-playback';
import { trackLabel } from '../format-time';
import type { PlayerPreferences } from '../player-preferences';

export interface PlayerCommandsInput {
  video: HTMLVideoElement | null;
  rootRef: RefObject<HTMLDivElement | null>;
  /** Known duration, used until the element reports its own. */
  duration: number;
  prefs: PlayerPreferences;
  updatePrefs: (patch: Partial<PlayerPreferences>) => void;
  subtitles: Pick<HlsPlaybackState, 'subtitleTracks' | 'subtitleTrack'>;
  setSubtitleTrack: (id: number) => void;
  audio: Pick<HlsPlaybackState, 'audioTracks'>;
  setAudioTrack: (id: number) => void;
  setTime: (time: number) => void;
  setNeedsGesture: (needed: boolean) => void;
}

/** Seconds the back and forward buttons and keys move the playhead. */
export const SEEK_STEP = 10;

export type PlayerCommands = ReturnType<typeof usePlayerCommands>;

/** What the buttons, shortcuts and media keys do, and what the screen reader hears about it. */
export function usePlayerCommands(input: PlayerCommandsInput) {
  const { video, rootRef, duration, prefs, updatePrefs, subtitles, setSubtitleTrack } = input;
  const { setTime, setNeedsGesture, audio, setAudioTrack } = input;
  const [announcement, setAnnouncement] = useState('');
  const [fullscreen, setFullscreen] = useState(false);
  const lastSubtitle = useRef<number>(-1);

  const play = useCallback(() => {
    if (!video) return;
    const p = video.play();
    if (p && typeof p.catch === 'function') {
      p.then(() => setNeedsGesture(false)).catch((e: unknown) => {
        // Autoplay with sound was refused: wait for the viewer to press Play.
        if (e instanceof DOMException && e.name === 'NotAllowedError') setNeedsGesture(true);
      });
    }
  }, [video, setNeedsGesture]);
  const pause = useCallback(() => video?.pause(), [video]);
  const togglePlay = useCallback(() => {
    if (!video) return;
    if (video.paused || video.ended) play();
    else pause();
  }, [video, play, pause]);
  const seekTo = useCallback(
    (t: number) => {
      if (!video) return;
      const d = Number.isFinite(video.duration) ? video.duration : duration;
      video.currentTime = Math.max(0, d > 0 ? Math.min(t, d - 0.1) : t);
      setTime(video.currentTime);
    },
    [video, duration, setTime],
  );
  const seekBy = useCallback(
    (delta: number) => video && seekTo(video.currentTime + delta),
    [video, seekTo],
  );
  const setVolume = useCallback(
    (v: number) => {
      const volume = Math.round(Math.max(0, Math.min(1, v)) * 100) / 100;
      updatePrefs({ volume, muted: volume === 0 ? true : false });
      setAnnouncement(
        i18n._({
          id: 'mf-player.announce.volume',
          message: 'Volume {percent}',
          values: { percent: formatNumber(volume, { style: 'percent', maximumFractionDigits: 0 }) },
        }),
      );
    },
    [updatePrefs],
  );
  const toggleMute = useCallback(() => {
    const muted = !prefs.muted;
    updatePrefs({ muted, volume: !muted && prefs.volume === 0 ? 0.5 : prefs.volume });
    setAnnouncement(
      muted
        ? i18n._({ id: 'mf-player.announce.muted', message: 'Muted' })
        : i18n._({ id: 'mf-player.announce.soundOn', message: 'Sound on' }),
    );
  }, [prefs.muted, prefs.volume, updatePrefs]);

  const toggleFullscreen = useCallback(() => {
    const el = rootRef.current;
    if (!el) return;
    try {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      else void el.requestFullscreen?.().catch(() => undefined);
    } catch {
      /* not allowed here */
    }
  }, [rootRef]);
  useEffect(() => {
    const onFs = () => setFullscreen(document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', onFs);
    return () => document.removeEventListener('fullscreenchange', onFs);
  }, [rootRef]);
  const togglePip = useCallback(() => {
    if (!video) return;
    try {
      if (document.pictureInPictureElement)
        void document.exitPictureInPicture().catch(() => undefined);
      else void video.requestPictureInPicture?.().catch(() => undefined);
    } catch {
      /* not supported */
    }
  }, [video]);

  const setSpeed = useCallback(
    (rate: number) => {
      if (video) video.playbackRate = rate;
    },
    [video],
  );

  const chooseSubtitle = useCallback(
    (id: number) => {
      setSubtitleTrack(id);
      const track = subtitles.subtitleTracks.find((t) => t.id === id);
      updatePrefs({ subtitleLanguage: track?.lang ?? 'off' });
      if (id >= 0) lastSubtitle.current = id;
      setAnnouncement(
        track
          ? i18n._({
              id: 'mf-player.announce.subtitles',
              message: 'Subtitles: {track}',
              values: { track: trackLabel(track) },
            })
          : i18n._({ id: 'mf-player.announce.subtitlesOff', message: 'Subtitles off' }),
      );
    },
    [setSubtitleTrack, subtitles.subtitleTracks, updatePrefs],
  );
  /** Remembered per profile for titles in the same original language (the default track's). */
  const chooseAudio = useCallback(
    (id: number) => {
      const track = audio.audioTracks.find((t) => t.id === id);
      if (!track) return;
      setAudioTrack(id);
      const original = audio.audioTracks.find((t) => t.isDefault) ?? audio.audioTracks[0]!;
      updatePrefs({
        audio: {
          ...prefs.audio,
          [original.lang]: { language: track.lang, description: track.description },
        },
      });
      setAnnouncement(
        i18n._({
          id: 'mf-player.announce.audio',
          message: 'Audio: {track}',
          values: { track: trackLabel(track) },
        }),
      );
    },
    [audio.audioTracks, setAudioTrack, updatePrefs, prefs.audio],
  );
  const toggleCaptions = useCallback(() => {
    const tracks = subtitles.subtitleTracks;
    if (tracks.length === 0) return;
    if (subtitles.subtitleTrack >= 0) return chooseSubtitle(-1);
    const preferred =
      tracks.find((t) => t.id === lastSubtitle.current) ??
      tracks.find((t) => t.lang === prefs.subtitleLanguage) ??
      tracks.find((t) => t.lang === (navigator.language || 'en').slice(0, 2)) ??
      tracks[0]!;
    chooseSubtitle(preferred.id);
  }, [subtitles.subtitleTracks, subtitles.subtitleTrack, prefs.subtitleLanguage, chooseSubtitle]);

  return {
    announcement,
    fullscreen,
    play,
    pause,
    togglePlay,
    seekTo,
    seekBy,
    setVolume,
    toggleMute,
    toggleFullscreen,
    togglePip,
    setSpeed,
    chooseSubtitle,
    chooseAudio,
    toggleCaptions,
    /** Tell screen readers something through the player's live region. */
    announce: setAnnouncement,
  };
}
