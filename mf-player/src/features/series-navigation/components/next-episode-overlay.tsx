import { useI18n } from '@streamflix/shared';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@streamflix/shared';
import { useMediaEvents } from '../../../lib/use-media-events';
import { planNextEpisode, type EpisodeLite } from '../next-episode';
import styles from './series-navigation.module.css';

export interface NextEpisodeOverlayProps {
  video: HTMLVideoElement | null;
  next: EpisodeLite | null;
  creditsStart: number | null;
  autoplay: boolean;
  onPlayNext: () => void;
  /** Tells the player whether the overlay is showing (it then hides its own "Skip credits"). */
  onActiveChange?: (active: boolean) => void;
}

/**
 * Near the end of an episode: "Next episode in 10…" with Cancel, following the viewer's
 * autoplay setting. With autoplay off (or after Cancel) it only offers the button; the
 * end of the episode then does not move on by itself.
 */
export function NextEpisodeOverlay({
  video,
  next,
  creditsStart,
  autoplay,
  onPlayNext,
  onActiveChange,
}: NextEpisodeOverlayProps) {
  const i18n = useI18n();
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [cancelled, setCancelled] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [left, setLeft] = useState<number | null>(null);
  const playNext = useRef(onPlayNext);
  playNext.current = onPlayNext;

  useMediaEvents(video, (video) => {
    const sync = () => {
      setPosition(video.currentTime);
      if (Number.isFinite(video.duration)) setDuration(video.duration);
    };
    return [
      ['timeupdate', sync],
      ['durationchange', sync],
    ];
  });

  const plan = planNextEpisode({
    hasNext: !!next,
    position,
    duration,
    creditsStart,
    autoplay,
    cancelled,
  });
  const active = plan.kind !== 'none' && !dismissed;

  // Seeking back out of the credits resets the overlay.
  useEffect(() => {
    if (plan.kind === 'none') {
      setDismissed(false);
      setCancelled(false);
      setLeft(null);
    }
  }, [plan.kind]);

  useEffect(() => onActiveChange?.(active), [active, onActiveChange]);

  const counting = active && plan.kind === 'countdown';
  useEffect(() => {
    if (!counting) {
      setLeft(null);
      return;
    }
    setLeft((l) => l ?? (plan.kind === 'countdown' ? plan.seconds : 0));
    const t = setInterval(() => setLeft((l) => (l == null ? l : l - 1)), 1000);
    return () => clearInterval(t);
    // plan.seconds is constant; restart only when counting starts or stops.
  }, [counting]);

  useEffect(() => {
    if (counting && left != null && left <= 0) playNext.current();
  }, [counting, left]);

  // Autoplay on and the viewer did not cancel: the end of the episode moves on too.
  useEffect(() => {
    if (!video || !next) return;
    const onEnded = () => {
      if (autoplay && !cancelled) playNext.current();
    };
    video.addEventListener('ended', onEnded);
    return () => video.removeEventListener('ended', onEnded);
  }, [video, next, autoplay, cancelled]);

  if (!active || !next) return null;
  return (
    <section
      className={styles.overlay}
      aria-label={i18n._({ id: 'mf-player.nextEpisode.label', message: 'Next episode' })}
      aria-live="polite"
    >
      <p className={styles.overlayKicker}>
        {i18n._({ id: 'mf-player.nextEpisode.label', message: 'Next episode' })}
      </p>
      <p className={styles.overlayTitle}>
        {i18n._({
          id: 'mf-player.watch.episodeLine',
          message: 'S{season} E{episode} · {name}',
          values: { season: next.seasonNumber, episode: next.number, name: next.name },
        })}
      </p>
      {counting && left != null ? (
        <p className={styles.overlayCount}>
          {i18n._({
            id: 'mf-player.nextEpisode.startsIn',
            message: '{seconds, plural, one {Starts in # second} other {Starts in # seconds}}',
            values: { seconds: Math.max(0, left) },
          })}
        </p>
      ) : null}
      <div className={styles.overlayActions}>
        <Button onClick={() => playNext.current()}>
          {i18n._({ id: 'mf-player.nextEpisode.play', message: 'Play next episode' })}
        </Button>
        {counting ? (
          <Button variant="secondary" onClick={() => setCancelled(true)}>
            {i18n._({ id: 'mf-player.cancel', message: 'Cancel' })}
          </Button>
        ) : (
          <Button variant="ghost" onClick={() => setDismissed(true)}>
            {i18n._({ id: 'mf-player.nextEpisode.keepWatching', message: 'Keep watching' })}
          </Button>
        )}
      </div>
    </section>
  );
}
