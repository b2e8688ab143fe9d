import { useEffect, useState, useSyncExternalStore } from 'react';
import { pushConnection } from '../platform/push-connection';
import styles from './reconnecting-notice.module.css';

/**
 * A drop shorter than this shows nothing: an API instance that dies is replaced in about a second,
 * and a notice that flashes up and away tells the viewer nothing they can act on.
 */
export const RECONNECTING_GRACE_MS = 1500;

/**
 * A small, polite "Reconnecting…" while the notification stream is down for longer than the grace,
 * gone as soon as it is back. Nothing else changes: the viewer stays signed in and what was raised
 * meanwhile is replayed when the stream resumes. The status region is always in the page, so its
 * text is announced when it appears.
 */
export function ReconnectingNotice() {
  const state = useSyncExternalStore(pushConnection.subscribe, pushConnection.get, () => 'live');
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (state === 'live') {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), RECONNECTING_GRACE_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <div role="status" className={styles.notice}>
      {shown ? 'Reconnecting…' : null}
    </div>
  );
}
