import styles from './test-mode-notice.module.css';

/** The local test gateway is labelled wherever the viewer meets it, with the cards it honours. */
export function TestModeNotice() {
  return (
    <aside className={styles.notice} aria-label="Test mode">
      <p className={styles.badge}>Test mode — no real card is charged</p>
      <p>
        Pay with the test card <strong className={styles.card}>4242 4242 4242 4242</strong>, any
        future expiry date and any 3-digit code.
      </p>
      <p className={styles.more}>
        <span className={styles.card}>4000 0000 0000 0002</span> is declined;{' '}
        <span className={styles.card}>4000 0025 0000 3155</span> asks you to confirm with your bank.
      </p>
    </aside>
  );
}
