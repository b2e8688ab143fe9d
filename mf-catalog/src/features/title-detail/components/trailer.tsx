import { useEffect, useRef, useState } from 'react';
import { Button, i18n, useI18n } from '@streamflix/shared';
import styles from './title-detail.module.css';

/**
 * The trailer plays in place of the backdrop. Safari plays HLS natively; other
 * browsers get hls.js, loaded only when a trailer is actually played.
 */
export function Trailer({
  url,
  name,
  onClose,
}: {
  url: string;
  name: string;
  onClose: () => void;
}) {
  useI18n();
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let destroy: (() => void) | undefined;
    let cancelled = false;
    if (el.canPlayType('application/vnd.apple.mpegurl')) {
      el.src = url;
      void el.play().catch(() => undefined);
    } else {
      import('hls.js')
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) {
            setError(
              i18n._({
                id: 'mf-catalog.trailer.unsupported',
                message: 'This browser cannot play the trailer.',
              }),
            );
            return;
          }
          const hls = new Hls();
          hls.on(Hls.Events.ERROR, (_e, data) => {
            if (data.fatal)
              setError(
                i18n._({
                  id: 'mf-catalog.trailer.failed',
                  message: 'The trailer could not be played. Please try again later.',
                }),
              );
          });
          hls.loadSource(url);
          hls.attachMedia(el);
          void el.play().catch(() => undefined);
          destroy = () => hls.destroy();
        })
        .catch(() =>
          setError(
            i18n._({
              id: 'mf-catalog.trailer.loadFailed',
              message: 'The trailer could not be loaded.',
            }),
          ),
        );
    }
    el.focus();
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [url]);
  return (
    <div className={styles.trailer}>
      <video
        ref={video}
        className={styles.trailerVideo}
        controls
        playsInline
        aria-label={i18n._({
          id: 'mf-catalog.trailer.label',
          message: 'Trailer: {name}',
          values: { name },
        })}
        tabIndex={-1}
      />
      {error ? (
        <p role="alert" className={styles.trailerError}>
          {error}
        </p>
      ) : null}
      <Button variant="secondary" className={styles.trailerClose} onClick={onClose}>
        {i18n._({ id: 'mf-catalog.trailer.close', message: 'Close trailer' })}
      </Button>
    </div>
  );
}
