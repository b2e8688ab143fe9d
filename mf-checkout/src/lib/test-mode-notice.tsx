import { Trans } from '@lingui/react';
import { useI18n } from '@streamflix/shared';
import styles from './test-mode-notice.module.css';

/** The local test gateway is labelled wherever the viewer meets it, with the cards it honours. */
export function TestModeNotice() {
  const i18n = useI18n();
  return (
    <aside
      className={styles.notice}
      aria-label={i18n._({ id: 'mf-checkout.testMode.label', message: 'Test mode' })}
    >
      <p className={styles.badge}>
        {i18n._({
          id: 'mf-checkout.testMode.badge',
          message: 'Test mode — no real card is charged',
        })}
      </p>
      <p>
        <Trans
          id="mf-checkout.testMode.howTo"
          message="Pay with the test card <0>{card}</0>, any future expiry date and any 3-digit code."
          values={{ card: '4242 4242 4242 4242' }}
          components={{ 0: <strong className={styles.card} dir="ltr" /> }}
        />
      </p>
      <p className={styles.more}>
        <Trans
          id="mf-checkout.testMode.otherCards"
          message="<0>{declined}</0> is declined; <1>{challenge}</1> asks you to confirm with your bank."
          values={{ declined: '4000 0000 0000 0002', challenge: '4000 0025 0000 3155' }}
          components={{
            0: <span className={styles.card} dir="ltr" />,
            1: <span className={styles.card} dir="ltr" />,
          }}
        />
      </p>
    </aside>
  );
}
