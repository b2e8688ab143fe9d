import { useEffect, useSyncExternalStore } from 'react';
import { useAtom } from 'jotai';
import { Button, analyticsConsentAtom, browserRefusesTracking } from '@streamflix/shared';
import { localRecorder } from './analytics-recorder';
import styles from './analytics-debug-page.module.css';

const subscribe = (listener: () => void) => localRecorder.subscribe(listener);
let snapshot = '';
const getSnapshot = () => {
  const next = JSON.stringify(localRecorder.events());
  if (next !== snapshot) snapshot = next;
  return snapshot;
};

/** /debug/analytics: what this tab's visit produced, so the event stream can be checked locally. */
export default function AnalyticsDebugPage() {
  const events = JSON.parse(useSyncExternalStore(subscribe, getSnapshot)) as ReturnType<
    typeof localRecorder.events
  >;
  const [consent, setConsent] = useAtom(analyticsConsentAtom);
  useEffect(() => {
    document.title = 'Analytics events · Streamflix';
  }, []);
  const dnt = browserRefusesTracking();
  const mode = localRecorder.mode;
  return (
    <main className={styles.page}>
      <h1>Analytics events</h1>
      <p className={styles.note}>
        {mode === 'local'
          ? 'Local recorder: no analytics service is configured, so events stay in this tab and nothing is sent.'
          : `Sent to ${mode}; a local copy is shown here.`}{' '}
        Consent: <strong>{dnt ? 'refused by Do Not Track' : (consent ?? 'not asked yet')}</strong>.
      </p>
      <div className={styles.actions}>
        {!dnt && consent !== 'granted' && (
          <Button onClick={() => setConsent('granted')}>Accept analytics</Button>
        )}
        <Button variant="secondary" onClick={() => localRecorder.clear()}>
          Clear events
        </Button>
      </div>
      {events.length === 0 ? (
        <p>No events recorded in this tab.</p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.caption}>{events.length} events, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Event</th>
              <th scope="col">Properties</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e, i) => (
              <tr key={`${e.at}-${i}`}>
                <td>{new Date(e.at).toLocaleTimeString()}</td>
                <td>{e.name}</td>
                <td>
                  <code>{JSON.stringify(e.properties)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
