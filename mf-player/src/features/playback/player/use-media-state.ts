import { useRef, useState } from 'react';
import { useMediaEvents } from '../../../lib/use-media-events';
import { updatePositionState } from '../media-session';

export interface MediaState {
  paused: boolean;
  time: number;
  duration: number;
  buffered: number;
  waiting: boolean;
  /** Autoplay was refused: the viewer has to press Play. */
  needsGesture: boolean;
  speed: number;
  pip: boolean;
}

/** The video element's events mirrored into React state (and the lock screen's position). */
export function useMediaState(
  video: HTMLVideoElement | null,
  initial: { time: number; duration: number },
  onEnded?: () => void,
) {
  const [paused, setPaused] = useState(true);
  const [time, setTime] = useState(initial.time);
  const [duration, setDuration] = useState(initial.duration);
  const [buffered, setBuffered] = useState(0);
  const [waiting, setWaiting] = useState(false);
  const [needsGesture, setNeedsGesture] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [pip, setPip] = useState(false);
  const onEndedRef = useRef(onEnded);
  onEndedRef.current = onEnded;

  useMediaEvents(video, (video) => {
    const sync = () => {
      setPaused(video.paused);
      setTime(video.currentTime);
      if (Number.isFinite(video.duration) && video.duration > 0) setDuration(video.duration);
      const b = video.buffered;
      setBuffered(b.length ? b.end(b.length - 1) : 0);
    };
    const onTime = () => {
      sync();
      updatePositionState(video);
    };
    const onWaiting = () => setWaiting(true);
    const onPlaying = () => {
      setWaiting(false);
      setNeedsGesture(false);
      sync();
    };
    const onRate = () => setSpeed(video.playbackRate);
    const onEndedEvt = () => {
      sync();
      onEndedRef.current?.();
    };
    const onEnterPip = () => setPip(true);
    const onLeavePip = () => setPip(false);
    return [
      ['play', sync],
      ['pause', sync],
      ['timeupdate', onTime],
      ['durationchange', sync],
      ['progress', sync],
      ['seeked', sync],
      ['waiting', onWaiting],
      ['playing', onPlaying],
      ['canplay', () => setWaiting(false)],
      ['ratechange', onRate],
      ['ended', onEndedEvt],
      ['enterpictureinpicture', onEnterPip],
      ['leavepictureinpicture', onLeavePip],
    ];
  });

  const media: MediaState = { paused, time, duration, buffered, waiting, needsGesture, speed, pip };
  return { media, setTime, setNeedsGesture };
}
