import { useEffect, useRef, useState, type RefObject } from 'react';
import { formatTime } from '../format-time';
import type { Chapter } from '../chapters/chapters';
import type { TrickplayCue } from './use-trickplay';
import styles from './seek-preview.module.css';

export interface SeekPreviewProps {
  /** The seek bar's track: pointer positions over it map to times. */
  trackRef: RefObject<HTMLElement | null>;
  duration: number;
  thumbnailAt: (time: number) => TrickplayCue | null;
  /** The chapter at a time, named under the frame. */
  chapterAt?: (time: number) => Chapter | null;
  /** The latest keyboard seek (a new object each time): previewed for a moment. */
  keyboardSeek: { time: number } | null;
}

const KEYBOARD_PREVIEW_MS = 1200;
const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * The frame and time above the seek bar while the viewer hovers or drags it (mouse, pen or touch)
 * or seeks with the keyboard. Positioned absolutely over the video, so showing it moves nothing.
 * Decorative for assistive technology: the slider already speaks its value.
 */
export function SeekPreview({
  trackRef,
  duration,
  thumbnailAt,
  chapterAt,
  keyboardSeek,
}: SeekPreviewProps) {
  const [pointerTime, setPointerTime] = useState<number | null>(null);
  const [keyedTime, setKeyedTime] = useState<number | null>(null);
  const keyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const showKeyed = (time: number) => {
    setKeyedTime(time);
    clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => setKeyedTime(null), KEYBOARD_PREVIEW_MS);
  };
  const showKeyedRef = useRef(showKeyed);
  showKeyedRef.current = showKeyed;

  useEffect(() => {
    if (keyboardSeek) showKeyedRef.current(keyboardSeek.time);
  }, [keyboardSeek]);
  useEffect(() => () => clearTimeout(keyTimer.current), []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track || duration <= 0) return;
    let dragging = false;
    let keyed = false;
    const timeAt = (clientX: number) => {
      const rect = track.getBoundingClientRect();
      // The timeline runs from the inline start: from the right edge in right to left.
      const fromStart =
        getComputedStyle(track).direction === 'rtl' ? rect.right - clientX : clientX - rect.left;
      const fraction = rect.width > 0 ? fromStart / rect.width : 0;
      return Math.max(0, Math.min(1, fraction)) * duration;
    };
    const onMove = (e: PointerEvent) => {
      if (e.pointerType === 'touch' && !dragging) return;
      setPointerTime(timeAt(e.clientX));
    };
    const onDown = (e: PointerEvent) => {
      dragging = true;
      setPointerTime(timeAt(e.clientX));
    };
    const onUp = (e: PointerEvent) => {
      dragging = false;
      // A finger leaves no hover behind; a mouse still over the bar keeps its preview.
      if (e.pointerType !== 'mouse' || e.type === 'pointercancel') setPointerTime(null);
    };
    const onLeave = () => {
      if (!dragging) setPointerTime(null);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      keyed = SLIDER_KEYS.has(e.key);
    };
    const onInput = (e: Event) => {
      const input = e.target as HTMLInputElement;
      if (keyed && input.type === 'range') showKeyedRef.current(input.valueAsNumber);
    };
    const onKeyUp = () => {
      keyed = false;
    };
    const listeners: Array<[string, (e: never) => void]> = [
      ['pointermove', onMove],
      ['pointerdown', onDown],
      ['pointerup', onUp],
      ['pointercancel', onUp],
      ['pointerleave', onLeave],
      ['keydown', onKeyDown],
      ['input', onInput],
      ['keyup', onKeyUp],
    ];
    listeners.forEach(([type, fn]) => track.addEventListener(type, fn as EventListener));
    // Dragging may end outside the bar.
    window.addEventListener('pointerup', onUp);
    return () => {
      listeners.forEach(([type, fn]) => track.removeEventListener(type, fn as EventListener));
      window.removeEventListener('pointerup', onUp);
    };
  }, [trackRef, duration]);

  const time = pointerTime ?? keyedTime;
  const cue = time === null ? null : thumbnailAt(time);
  if (time === null || !cue || duration <= 0) return null;
  const fraction = Math.max(0, Math.min(1, time / duration));
  const chapter = chapterAt?.(time) ?? null;
  return (
    <div
      className={styles.preview}
      style={{
        ['--sf-preview-at' as string]: `${fraction * 100}%`,
        ['--sf-preview-width' as string]: `${cue.width}px`,
      }}
      aria-hidden="true"
      data-testid="seek-preview"
    >
      <div
        className={styles.frame}
        data-testid="seek-preview-frame"
        style={{
          width: cue.width,
          height: cue.height,
          backgroundImage: `url("${cue.url}")`,
          backgroundPosition: `-${cue.x}px -${cue.y}px`,
        }}
      />
      <span className={styles.time} data-testid="seek-preview-time">
        {formatTime(time)}
      </span>
      {chapter ? (
        <span className={styles.chapter} data-testid="seek-preview-chapter">
          {chapter.title}
        </span>
      ) : null}
    </div>
  );
}
