import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useAtom } from 'jotai';
import {
  Button,
  analyticsConsentAtom,
  browserRefusesTracking,
  paths,
  useI18n,
} from '@streamflix/shared';
import styles from './consent-banner.module.css';

/**
 * Asked before any analytics or session replay starts. Do Not Track answers for the viewer, so they
 * are not asked. The answer can be changed later in Settings. A compact sheet along the bottom: it
 * pushes nothing down (the first screen is the product), and the page gains room at its end so
 * nothing stays hidden under it. It is the one prompt of a first visit.
 */
export function ConsentBanner() {
  const i18n = useI18n();
  const [consent, setConsent] = useAtom(analyticsConsentAtom);
  const sheet = useRef<HTMLElement>(null);
  const asking = consent === null && !browserRefusesTracking();
  useLayoutEffect(() => {
    const el = sheet.current;
    if (!asking || !el) return;
    const inset = () => document.body.style.setProperty('padding-bottom', `${el.offsetHeight}px`);
    inset();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(inset) : null;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      document.body.style.removeProperty('padding-bottom');
    };
  }, [asking]);
  if (!asking) return null;
  return (
    <section ref={sheet} className={styles.banner} aria-labelledby="consent-title">
      <p className={styles.text}>
        <strong id="consent-title">
          {i18n._({ id: 'shell.consent.title', message: 'Help us improve Streamflix?' })}
        </strong>{' '}
        <span className={`${styles.detail} ${styles.wide}`}>
          {i18n._({
            id: 'shell.consent.detail',
            message: 'We measure how screens are used, with everything you type hidden.',
          })}{' '}
        </span>
        <Link to={paths.privacyPolicy()}>
          {i18n._({ id: 'shell.consent.privacy', message: 'Privacy' })}
        </Link>
      </p>
      <div className={styles.actions}>
        <Button
          variant="primary"
          onClick={() => setConsent('granted')}
          aria-label={i18n._({ id: 'shell.consent.acceptAnalytics', message: 'Accept analytics' })}
        >
          <span className={styles.narrow}>
            {i18n._({ id: 'shell.consent.accept', message: 'Accept' })}
          </span>
          <span className={styles.wide}>
            {i18n._({ id: 'shell.consent.acceptAnalytics', message: 'Accept analytics' })}
          </span>
        </Button>
        <Button variant="secondary" onClick={() => setConsent('denied')}>
          {i18n._({ id: 'shell.consent.reject', message: 'Reject' })}
        </Button>
      </div>
    </section>
  );
}
