import type { CaptionStyle } from './caption-style';
import { captionCss } from './caption-style';
import { captionDirection } from './caption-direction';
import styles from './captions.module.css';

/**
 * The subtitle line over the picture, drawn by the player in the viewer's style. Hidden from
 * assistive technology: the optional caption announcer reads the same text out.
 */
export function CaptionOverlay({
  text,
  style,
  raised,
  lang,
}: {
  text: string;
  /** The track's language: Arabic or Hebrew subtitles are right to left and right-aligned. */
  lang?: string | null;
  style: CaptionStyle;
  /** Lifted while the control bar shows, so the two never overlap. */
  raised: boolean;
}) {
  if (!text) return null;
  const dir = captionDirection(lang);
  return (
    <div
      className={`${styles.overlay} ${raised ? styles.raised : ''} ${dir === 'rtl' ? styles.rtl : ''}`}
      dir={dir}
      lang={lang ?? undefined}
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
