import { i18n } from '@streamflix/shared';
import { useCallback, useEffect, useRef } from 'react';
import type { ApiFailure } from '@streamflix/shared';
import {
  createWatchLog,
  createWatchLogKeepalive,
  releaseScreenKeepalive,
  type WatchLogBody,
} from './api/create-watch-log';
import { WatchLogScheduler, type LogSnapshot } from './log-scheduler';

export interface WatchLogTarget {
  titleId: string;
  episodeId: string | null;
  seasonId: string | null;
}

/** The heartbeat's refusal when another device took this device's screen, else null. */
export function screenTakenMessage(result: { status: true } | ApiFailure): string | null {
  if (result.status || result.httpStatus !== 409) return null;
  if (result.fieldErrors?.entitlement !== 'too_many_streams') return null;
  return (
    result.message ??
    i18n._({
      id: 'mf-player.screens.someoneElse',
      message:
        'Someone else is watching on another device, and your plan’s screens are all in use.',
    })
  );
}

/**
 * Records watch progress while the video plays. Guests have no history, so nothing is
 * sent for them. Leaving the screen (unmount) counts as an episode change: the last
 * position goes out with keepalive. Each report is also the stream's heartbeat: when the
 * server says another device took the screen, `onScreenTaken` gets its message.
 * `heartbeatNow` reports at once (the media was refused: find out why).
 */
export function useWatchLogger(
  video: HTMLVideoElement | null,
  target: WatchLogTarget,
  enabled: boolean,
  onScreenTaken?: (message: string) => void,
): { heartbeatNow: () => void } {
  const { titleId, episodeId, seasonId } = target;
  const onTakenRef = useRef(onScreenTaken);
  onTakenRef.current = onScreenTaken;
  const beatRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (!video || !enabled) return;
    // Tracked from events rather than read at the end: by unmount the stream may be detached.
    let last: LogSnapshot | null = null;
    const track = () => {
      if (Number.isFinite(video.duration) && video.duration > 0 && video.readyState > 0) {
        last = { position: video.currentTime, duration: video.duration };
      }
    };
    const body = (r: { position: number; duration: number; completed: boolean }): WatchLogBody => ({
      position: Math.round(r.position * 10) / 10,
      duration: Math.round(r.duration * 10) / 10,
      episodeId,
      seasonId,
      ...(r.completed ? { completed: true } : {}),
    });
    const heard = (result: { status: true } | ApiFailure) => {
      const taken = screenTakenMessage(result);
      if (taken) onTakenRef.current?.(taken);
    };
    // The last report in flight: the screen is let go after it, or the report would take it back.
    let sent: Promise<unknown> = Promise.resolve();
    beatRef.current = () => {
      track();
      if (!last) return;
      // A refused heartbeat answers 409; a signed-out device's 401 ends the session in the shared client.
      void createWatchLog(titleId, body({ ...last, completed: false })).then(heard);
    };
    const scheduler = new WatchLogScheduler({
      snapshot: () => last,
      send: (r) => {
        sent = r.keepalive
          ? createWatchLogKeepalive(titleId, body(r))
          : createWatchLog(titleId, body(r)).then(heard);
      },
    });
    const letScreenGo = () => void sent.finally(releaseScreenKeepalive);
    const onPlaying = () => {
      track();
      scheduler.play();
    };
    const onPause = () => {
      track();
      // The pause that comes with the end is the end, logged as completed.
      if (!video.ended) scheduler.pause();
    };
    const onSeeked = () => {
      track();
      scheduler.seeked();
    };
    const onEnded = () => {
      track();
      scheduler.ended();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') scheduler.hidden();
    };
    const onPageHide = () => {
      scheduler.unload();
      letScreenGo();
    };
    const media: Array<[string, EventListener]> = [
      ['timeupdate', track],
      ['playing', onPlaying],
      ['pause', onPause],
      ['seeked', onSeeked],
      ['ended', onEnded],
    ];
    media.forEach(([n, h]) => video.addEventListener(n, h));
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      media.forEach(([n, h]) => video.removeEventListener(n, h));
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      if (!video.ended) scheduler.episodeChange();
      letScreenGo();
      scheduler.dispose();
      beatRef.current = () => undefined;
    };
  }, [video, enabled, titleId, episodeId, seasonId]);
  const heartbeatNow = useCallback(() => beatRef.current(), []);
  return { heartbeatNow };
}
