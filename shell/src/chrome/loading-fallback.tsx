import styles from './loading-fallback.module.css';

function Mark() {
  return (
    <>
      <div className={styles.logo} aria-hidden="true">
        STREAMFLIX
      </div>
      <div className={styles.spinners} aria-hidden="true">
        <span className={styles.spinner} />
        <span className={styles.spinner} />
        <span className={styles.spinner} />
        <span className={styles.spinner} />
      </div>
    </>
  );
}

/**
 * The loading fallback of spec §2: the logo with four coloured spinners. With a `backdrop` (a watch
 * link's title artwork) they sit on it, where the player's video and its poster will be: the
 * viewer sees what is about to play while the player's code arrives. The image is requested in
 * CORS mode, as the HTML's preload and the video's poster are, so all three are one download.
 */
export function LoadingFallback({
  label = 'Loading',
  backdrop = null,
}: {
  label?: string;
  backdrop?: string | null;
}) {
  return (
    <div
      className={backdrop ? styles.watch : styles.fallback}
      role="status"
      aria-live="polite"
      data-testid="loading-fallback"
      data-screen-loading=""
    >
      {backdrop ? (
        <div className={styles.stage}>
          <img
            className={styles.backdrop}
            src={backdrop}
            alt=""
            crossOrigin="anonymous"
            fetchPriority="high"
            decoding="async"
            data-testid="loading-backdrop"
            onError={(e) => {
              e.currentTarget.hidden = true;
            }}
          />
          <div className={styles.mark}>
            <Mark />
          </div>
        </div>
      ) : (
        <Mark />
      )}
      <span className="sf-visually-hidden">{label}…</span>
    </div>
  );
}
