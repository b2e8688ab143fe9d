import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  callOperation,
  failureMessage,
  i18n,
  useI18n,
  queryKey,
  RatingChoices,
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

/**
 * A rating's name in the active language, for this remote's announcements and labels (the
 * shared RATING_CHOICES labels are English).
 */
export const choiceLabel = (value: RatingValue): string =>
  i18n._({
    id: 'mf-catalog.rating.choice',
    message: '{choice, select, notForMe {Not for me} like {I like this} other {I love this}}',
    values: { choice: value === 'not-for-me' ? 'notForMe' : value },
  });

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
    setStatus(
      next
        ? i18n._({
            id: 'mf-catalog.rating.rated',
            message: 'Rated {title}: {choice}.',
            values: { title: titleName, choice: choiceLabel(next) },
          })
        : i18n._({ id: 'mf-catalog.rating.cleared', message: 'Rating cleared.' }),
    );
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
  const i18n = useI18n();
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
        {watched
          ? i18n._({ id: 'mf-catalog.watched.unmark', message: 'Mark as unwatched' })
          : i18n._({ id: 'mf-catalog.watched.mark', message: 'Mark as watched' })}
      </button>
      {error ? <span role="alert">{error}</span> : null}
    </>
  );
}

/** The close (x) button on a Continue watching card: the title leaves the row (on every device of the profile) until watched again. */
export function RemoveFromContinue({ titleId, titleName }: { titleId: string; titleName: string }) {
  const i18n = useI18n();
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
    toast.info(
      i18n._({
        id: 'mf-catalog.continue.removed',
        message: 'Removed {title} from Continue watching.',
        values: { title: titleName },
      }),
    );
    void client.invalidateQueries({ queryKey: queryKey('POST /users/dashboard') });
  };
  return (
    <button
      type="button"
      className={styles.remove}
      onClick={() => void remove()}
      disabled={busy}
      aria-label={i18n._({
        id: 'mf-catalog.continue.removeLabel',
        message: 'Remove {title} from Continue watching',
        values: { title: titleName },
      })}
      title={i18n._({ id: 'mf-catalog.continue.remove', message: 'Remove from Continue watching' })}
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
  const i18n = useI18n();
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
        aria-label={
          current
            ? i18n._({
                id: 'mf-catalog.rating.rateNow',
                message: 'Rate {title} (now: {choice})',
                values: { title: titleName, choice: choiceLabel(current) },
              })
            : i18n._({
                id: 'mf-catalog.rating.rate',
                message: 'Rate {title}',
                values: { title: titleName },
              })
        }
        aria-expanded={open}
        aria-pressed={current !== null}
        title={i18n._({ id: 'mf-catalog.rating.rateShort', message: 'Rate' })}
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
