import { useAtom } from 'jotai';
import { Button, analyticsConsentAtom, browserRefusesTracking } from '@streamflix/shared';
import styles from './consent-banner.module.css';

/**
 * Asked before any analytics or session replay starts. Do Not Track answers
 * for the viewer, so they are not asked. The answer can be changed later in
 * account settings (and, for guests, by clearing site data).
 */
export default function ConsentBanner() {
  const [consent, setConsent] = useAtom(analyticsConsentAtom);
  if (consent !== null || browserRefusesTracking()) return null;
  return (
    <section className={styles.banner} aria-labelledby="consent-title" role="region">
      <h2 id="consent-title" className={styles.title}>
        Help us improve Streamflix?
      </h2>
      <p className={styles.text}>
        With your permission we measure which screens are used and record some sessions to find
        problems. Everything you type is hidden, and card and password fields are never recorded.
        You can change this at any time in Settings.
      </p>
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => setConsent('granted')}>
          Accept analytics
        </Button>
        <Button variant="secondary" onClick={() => setConsent('denied')}>
          Reject
        </Button>
      </div>
    </section>
  );
}
