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
  hero = null,
}: {
  label?: string;
  backdrop?: string | null;
  /**
   * The signed-in home's hero backdrop, as the page's HTML found it (shared early-hero.ts): drawn
   * in the hero's own box, the logo and the spinners where its text will be, so the home renders
   * its hero over the same picture (the HTML's loading screen draws it too: loading-markup.cjs).
   */
  hero?: string | null;
}) {
  if (hero && !backdrop)
    return (
      <div
        className={styles.hero}
        role="status"
        aria-live="polite"
        data-testid="loading-fallback"
        data-screen-loading=""
      >
        <img
          className={styles.heroArt}
          src={hero}
          alt=""
          width={1280}
          height={720}
          fetchPriority="high"
          decoding="async"
          data-testid="loading-hero"
          onError={(e) => {
            e.currentTarget.hidden = true;
          }}
        />
        <div className={styles.heroShade} />
        <div className={styles.heroBody}>
          <Mark />
        </div>
        <span className="sf-visually-hidden">{label}…</span>
      </div>
    );
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
