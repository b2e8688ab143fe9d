import type { CaptionStyle } from './caption-style';
import { captionCss } from './caption-style';
import styles from './captions.module.css';

/**
 * The subtitle line over the picture, drawn by the player in the viewer's style. Hidden from
 * assistive technology: the optional caption announcer reads the same text out.
 */
export function CaptionOverlay({
  text,
  style,
  raised,
}: {
  text: string;
  style: CaptionStyle;
  /** Lifted while the control bar shows, so the two never overlap. */
  raised: boolean;
}) {
  if (!text) return null;
  return (
    <div
      className={`${styles.overlay} ${raised ? styles.raised : ''}`}
      style={captionCss(style)}
      aria-hidden="true"
      data-testid="captions"
    >
      {text.split('\n').map((line, i) => (
        <span key={i} className={styles.line}>
          {line}
        </span>
      ))}
    </div>
  );
}
