import { useState } from 'react';
import { callOperation, failureMessage, useSession, type RatingValue } from '@streamflix/shared';
import { useMediaEvents } from '../../lib/use-media-events';
import styles from './rate-at-end.module.css';

const CHOICES: Array<{ value: RatingValue; label: string; icon: string }> = [
  { value: 'not-for-me', label: 'Not for me', icon: '👎' },
  { value: 'like', label: 'I like this', icon: '👍' },
  { value: 'love', label: 'I love this', icon: '💖' },
];

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
  const [ended, setEnded] = useState(false);
  const [rating, setRating] = useState<RatingValue | null>(null);
  const [status, setStatus] = useState('');
  const [dismissed, setDismissed] = useState(false);
  useMediaEvents(video, () => [
    ['ended', () => setEnded(true)],
    ['playing', () => setEnded(false)],
  ]);
  if (!isLoggedIn || !ended || dismissed) return null;
  const rate = async (value: RatingValue) => {
    const next = rating === value ? null : value;
    const r = await callOperation('PUT /titles/{movieId}/rating', {
      params: { movieId: titleId },
      body: { rating: next },
    });
    if (!r.status) return setStatus(failureMessage(r));
    setRating(next);
    setStatus(
      next ? `Thanks: ${CHOICES.find((c) => c.value === next)!.label}.` : 'Rating cleared.',
    );
  };
  return (
    <section className={styles.card} aria-labelledby="rate-at-end-title">
      <p id="rate-at-end-title" className={styles.title}>
        What did you think of {titleName}?
      </p>
      <div role="group" aria-label={`Rate ${titleName}`} className={styles.choices}>
        {CHOICES.map((c) => (
          <button
            key={c.value}
            type="button"
            className={styles.choice}
            aria-pressed={rating === c.value}
            onClick={() => void rate(c.value)}
          >
            <span aria-hidden="true">{c.icon}</span> {c.label}
          </button>
        ))}
      </div>
      <p role="status" className={styles.status}>
        {status}
      </p>
      <button type="button" className={styles.close} onClick={() => setDismissed(true)}>
        Close
      </button>
    </section>
  );
}
