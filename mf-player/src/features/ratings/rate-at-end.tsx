import { useI18n } from '@streamflix/shared';
import { useState } from 'react';
import {
  callOperation,
  failureMessage,
  RatingChoices,
  ratingChoice,
  useSession,
  type RatingValue,
} from '@streamflix/shared';
import { useMediaEvents } from '../../lib/use-media-events';
import styles from './rate-at-end.module.css';

/**
 * The end screen's question: what did you think of it? Shown when the video ends (a movie, or a series'
 * last episode the next-episode overlay does not cover), to signed-in viewers; the answer is the profile's.
 */
export function RateAtEnd({
  video,
  titleId,
  titleName,
}: {
  video: HTMLVideoElement | null;
  titleId: string;
  titleName: string;
}) {
  const { isLoggedIn } = useSession();
  const i18n = useI18n();
  const [ended, setEnded] = useState(false);
  const [rating, setRating] = useState<RatingValue | null>(null);
  const [status, setStatus] = useState('');
  const [dismissed, setDismissed] = useState(false);
  useMediaEvents(video, () => [
    ['ended', () => setEnded(true)],
    ['playing', () => setEnded(false)],
  ]);
  if (!isLoggedIn || !ended || dismissed) return null;
  // The choice changes once the API has it: the end screen has nothing else to show meanwhile.
  const rate = async (next: RatingValue | null) => {
    const r = await callOperation('PUT /titles/{movieId}/rating', {
      params: { movieId: titleId },
      body: { rating: next },
    });
    if (!r.status) return setStatus(failureMessage(r));
    setRating(next);
    setStatus(
      next
        ? i18n._({
            id: 'mf-player.rate.thanks',
            message: 'Thanks: {rating}.',
            values: { rating: ratingChoice(next).label },
          })
        : i18n._({ id: 'mf-player.rate.cleared', message: 'Rating cleared.' }),
    );
  };
  return (
    <section className={styles.card} aria-labelledby="rate-at-end-title">
      <p id="rate-at-end-title" className={styles.title}>
        {i18n._({
          id: 'mf-player.rate.question',
          message: 'What did you think of {title}?',
          values: { title: titleName },
        })}
      </p>
      <RatingChoices titleName={titleName} value={rating} onChoose={(next) => void rate(next)} />
      <p role="status" className={styles.status}>
        {status}
      </p>
      <button type="button" className={styles.close} onClick={() => setDismissed(true)}>
        {i18n._({ id: 'mf-player.close', message: 'Close' })}
      </button>
    </section>
  );
}
