import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  callOperation,
  failureMessage,
  queryKey,
  RatingChoices,
  ratingChoice,
  unwrap,
  useSession,
  type RatingValue,
  CloseIcon,
  RatingIcon,
} from '@streamflix/shared';
import styles from './title-ratings.module.css';

/** The profile's ratings, one request for every card on the screen. */
export function useRatings() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: queryKey('GET /ratings'),
    queryFn: async () => unwrap(await callOperation('GET /ratings')).ratings,
    enabled: isLoggedIn,
    staleTime: 60_000,
  });
}

async function saveRating(titleId: string, rating: RatingValue | null) {
  return callOperation('PUT /titles/{movieId}/rating', {
    params: { movieId: titleId },
    body: { rating },
  });
}

/**
 * The title page's rating (the shared Not for me / I like this / I love this). The choice shows at once and
 * is put back if the save fails. "I love this" brings "Because you loved …" rails; "Not for me" takes the
 * title out of recommendations.
 */
export function RateTitle({
  titleId,
  titleName,
  rating,
}: {
  titleId: string;
  titleName: string;
  rating: RatingValue | null | undefined;
}) {
  const client = useQueryClient();
  const [value, setValue] = useState<RatingValue | null>(rating ?? null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const rate = async (next: RatingValue | null) => {
    const before = value;
    setValue(next);
    setBusy(true);
    const r = await saveRating(titleId, next);
    setBusy(false);
    if (!r.status) {
      setValue(before);
      setStatus(failureMessage(r));
      return;
    }
    setStatus(next ? `Rated ${titleName}: ${ratingChoice(next).label}.` : 'Rating cleared.');
    void client.invalidateQueries({ queryKey: queryKey('POST /users/dashboard') });
    void client.invalidateQueries({ queryKey: queryKey('GET /titles/{movieId}') });
    void client.invalidateQueries({ queryKey: queryKey('GET /ratings') });
  };

  return (
    <div className={styles.rate}>
      <RatingChoices
        titleName={titleName}
        value={value}
        disabled={busy}
        onChoose={(next) => void rate(next)}
      />
      <p className="sf-visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}

/** "Mark as watched", then "Mark as unwatched" to take it back (the title page). */
export function WatchedToggle({ titleId }: { titleId: string }) {
  const client = useQueryClient();
  const [watched, setWatched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const toggle = async () => {
    setBusy(true);
    const r = await callOperation('PUT /titles/{movieId}/watched', {
      params: { movieId: titleId },
      body: { watched: !watched },
    });
    setBusy(false);
    if (!r.status) return setError(failureMessage(r));
    setError('');
    setWatched(!watched);
    void client.invalidateQueries({ queryKey: queryKey('GET /titles/{movieId}') });
    void client.invalidateQueries({ queryKey: queryKey('POST /users/dashboard') });
    void import('react-toastify').then(({ toast }) => toast.info(r.message));
  };
  return (
    <>
      <button type="button" className={styles.choice} onClick={() => void toggle()} disabled={busy}>
        {watched ? 'Mark as unwatched' : 'Mark as watched'}
      </button>
      {error ? <span role="alert">{error}</span> : null}
    </>
  );
}

/** The close (x) button on a Continue watching card: the title leaves the row (on every device of the profile) until watched again. */
export function RemoveFromContinue({ titleId, titleName }: { titleId: string; titleName: string }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    const r = await callOperation('DELETE /continue-watching/{movieId}', {
      params: { movieId: titleId },
    });
    setBusy(false);
    const { toast } = await import('react-toastify');
    if (!r.status) return void toast.error(failureMessage(r));
    toast.info(`Removed ${titleName} from Continue watching.`);
    void client.invalidateQueries({ queryKey: queryKey('POST /users/dashboard') });
  };
  return (
    <button
      type="button"
      className={styles.remove}
      onClick={() => void remove()}
      disabled={busy}
      aria-label={`Remove ${titleName} from Continue watching`}
      title="Remove from Continue watching"
    >
      <CloseIcon />
    </button>
  );
}

/**
 * A card's rating: a round button that opens the three choices (Escape or a choice closes it and focus
 * returns to the button). Signed-in viewers only; the state comes from the profile's ratings.
 */
export function CardRating({ titleId, titleName }: { titleId: string; titleName: string }) {
  const { isLoggedIn } = useSession();
  const ratings = useRatings();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  if (!isLoggedIn) return null;
  const current = ratings.data?.find((r) => r.titleId === titleId)?.rating ?? null;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = async (next: RatingValue | null) => {
    close();
    const r = await saveRating(titleId, next);
    if (!r.status) return setError(failureMessage(r));
    setError('');
    void client.invalidateQueries({ queryKey: queryKey('GET /ratings') });
    void client.invalidateQueries({ queryKey: queryKey('POST /users/dashboard') });
  };
  return (
    <span className={styles.cardRating}>
      <button
        ref={button}
        type="button"
        className={styles.round}
        aria-label={`Rate ${titleName}${current ? ` (now: ${ratingChoice(current).label})` : ''}`}
        aria-expanded={open}
        aria-pressed={current !== null}
        title="Rate"
        onClick={() => setOpen((o) => !o)}
      >
        <RatingIcon value={current ?? 'like'} />
      </button>
      {open ? (
        <RatingChoices
          titleName={titleName}
          value={current}
          layout="column"
          focusFirst
          className={styles.popover}
          onChoose={(next) => void choose(next)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
        />
      ) : null}
      {error ? (
        <span role="alert" className="sf-visually-hidden">
          {error}
        </span>
      ) : null}
    </span>
  );
}
