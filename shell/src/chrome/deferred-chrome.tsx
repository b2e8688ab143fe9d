import { startTransition, useEffect, useState } from 'react';
import { OptionalChunk } from './optional-chunk';
import styles from './deferred-chrome.module.css';

const loadCountryPicker = () => import('./country-picker');

/** True from the frame after the first paint: platform chrome never weighs on the first screen. */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // A transition: the picker's render is time-sliced instead of one task after the first paint.
    const frame = requestAnimationFrame(() =>
      setTimeout(() => startTransition(() => setReady(true)), 0),
    );
    return () => cancelAnimationFrame(frame);
  }, []);
  return ready;
}

/**
 * The guest's country picker in the header, fetched after the first paint. Its box is
 * there from the first paint: on a phone the picker wraps the header's account row, and
 * arriving later it pushed the whole screen down (Lighthouse: layout shift 0.22).
 */
export function DeferredCountryPicker() {
  const ready = useAfterFirstPaint();
  return (
    <span className={styles.slot}>
      {ready ? <OptionalChunk load={loadCountryPicker} what="The country picker" /> : null}
    </span>
  );
}
