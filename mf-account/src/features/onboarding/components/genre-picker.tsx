import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  ErrorState,
  Skeleton,
  emit,
  paths,
  queryKey,
  readGuestGenres,
  useSession,
  writeGuestGenres,
  type User,
  CheckIcon,
} from '@streamflix/shared';
import { describeFailure } from '../../../lib/describe-failure';
import { useCurrentUser, userQueryKey } from '../../../api/get-current-user';
import { useGenres } from '../api/get-genres';
import { saveGenres } from '../api/save-genres';
import screen from '../../../lib/screen.module.css';
import styles from './onboarding.module.css';

/**
 * /interest: the genres that shape the home dashboard. Viewers save to their
 * account; guests keep the picks in this browser until they sign up.
 */
export function GenrePicker() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isLoggedIn, userId } = useSession();
  const genres = useGenres();
  const user = useCurrentUser();
  const [selected, setSelected] = useState<string[] | null>(isLoggedIn ? null : readGuestGenres());
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // Start from the account's current picks once they load.
  useEffect(() => {
    if (isLoggedIn && selected === null && user.data) setSelected(user.data.genres);
  }, [isLoggedIn, selected, user.data]);

  const picks = selected ?? [];
  const toggle = (id: string) => {
    setError(null);
    setSelected((prev) =>
      (prev ?? []).includes(id) ? (prev ?? []).filter((g) => g !== id) : [...(prev ?? []), id],
    );
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (picks.length === 0) {
      setError('Pick at least one genre.');
      return;
    }
    if (!isLoggedIn) {
      writeGuestGenres(picks);
      emit('account:genres-changed', { genreIds: picks });
      navigate(paths.skipList());
      return;
    }
    setPending(true);
    setError(null);
    const r = await saveGenres(userId, picks, (user.data?.genres.length ?? 0) === 0);
    setPending(false);
    if (!r.status) {
      setError(describeFailure(r));
      return;
    }
    queryClient.setQueryData<User>(userQueryKey(userId), (prev) =>
      prev ? { ...prev, genres: r.data.genres } : prev,
    );
    emit('account:genres-changed', { genreIds: r.data.genres });
    await queryClient.invalidateQueries({ queryKey: queryKey('POST /users/dashboard') });
    navigate(paths.home());
  };

  const loading = genres.isPending || (isLoggedIn && user.isPending);

  return (
    <main className={screen.wide}>
      <h1 className={screen.title}>Your interests</h1>
      <p className={screen.lead}>Pick the genres you enjoy. Your home screen puts them first.</p>
      {loading ? (
        <Skeleton height={160} label="Loading genres" />
      ) : genres.isError ? (
        <ErrorState message={genres.error.message} onRetry={() => void genres.refetch()} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <fieldset
            className={styles.fieldset}
            aria-describedby={error ? 'genre-error' : undefined}
          >
            <legend className={styles.legend}>
              Genres <span className={screen.muted}>({picks.length} selected)</span>
            </legend>
            <div className={styles.chips}>
              {genres.data.map((g) => (
                <label key={g.id} className={styles.chip}>
                  <input
                    type="checkbox"
                    checked={picks.includes(g.id)}
                    onChange={() => toggle(g.id)}
                  />
                  <span>
                    {picks.includes(g.id) ? <CheckIcon /> : null}
                    {g.name}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {error ? (
            <div id="genre-error" className={`${screen.alert} ${screen.section}`} role="alert">
              {error}
            </div>
          ) : null}
          <div className={styles.footer}>
            <Link to={isLoggedIn ? paths.home() : paths.skipList()}>Not now</Link>
            <Button type="submit" busy={pending} busyLabel="Saving…">
              {isLoggedIn ? 'Save and continue' : 'Continue'}
            </Button>
          </div>
        </form>
      )}
    </main>
  );
}
