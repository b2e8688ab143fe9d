import styles from './loading-fallback.module.css';

/** The loading fallback of spec §2: the logo with four coloured spinners. */
export function LoadingFallback({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      className={styles.fallback}
      role="status"
      aria-live="polite"
      data-testid="loading-fallback"
    >
      <div className={styles.logo} aria-hidden="true">
        STREAMFLIX
      </div>
      <div className={styles.spinners} aria-hidden="true">
        <span className={styles.spinner} />
        <span className={styles.spinner} />
        <span className={styles.spinner} />
        <span className={styles.spinner} />
      </div>
      <span className="sf-visually-hidden">{label}…</span>
    </div>
  );
}
