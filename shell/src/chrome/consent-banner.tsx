import { useAtom } from 'jotai';
import { Button, analyticsConsentAtom, browserRefusesTracking } from '@streamflix/shared';
import styles from './consent-banner.module.css';

/**
 * Asked before any analytics or session replay starts. Do Not Track answers
 * for the viewer, so they are not asked. The answer can be changed later in
 * Settings. A strip in the page's flow, painted with the first screen: it
 * never covers what is under it and never shifts the page when it appears.
 */
export function ConsentBanner() {
  const [consent, setConsent] = useAtom(analyticsConsentAtom);
  if (consent !== null || browserRefusesTracking()) return null;
  return (
    <section className={styles.banner} aria-labelledby="consent-title">
      <p className={styles.text}>
        <strong id="consent-title">Help us improve Streamflix?</strong> With your permission we
        measure how screens are used and replay some sessions, with everything you type hidden (card
        and password fields are never recorded). Change it any time in Settings.
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
