import { useEffect, useState, type FormEvent } from 'react';
import { Trans } from '@lingui/react';
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
  useI18n,
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
  const i18n = useI18n();
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
      setError(i18n._({ id: 'mf-account.genres.pickOne', message: 'Pick at least one genre.' }));
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
      <h1 className={screen.title}>
        {i18n._({ id: 'mf-account.genres.title', message: 'Your interests' })}
      </h1>
      <p className={screen.lead}>
        {i18n._({
          id: 'mf-account.genres.lead',
          message: 'Pick the genres you enjoy. Your home screen puts them first.',
        })}
      </p>
      {loading ? (
        <Skeleton
          height={160}
          label={i18n._({ id: 'mf-account.genres.loading', message: 'Loading genres' })}
        />
      ) : genres.isError ? (
        <ErrorState message={genres.error.message} onRetry={() => void genres.refetch()} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <fieldset
            className={styles.fieldset}
            aria-describedby={error ? 'genre-error' : undefined}
          >
            <legend className={styles.legend}>
              <Trans
                id="mf-account.genres.legend"
                message="Genres <0>({count, plural, one {# selected} other {# selected}})</0>"
                values={{ count: picks.length }}
                components={{ 0: <span className={screen.muted} /> }}
              />
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
            <Link to={isLoggedIn ? paths.home() : paths.skipList()}>
              {i18n._({ id: 'mf-account.genres.notNow', message: 'Not now' })}
            </Link>
            <Button
              type="submit"
              busy={pending}
              busyLabel={i18n._({ id: 'mf-account.genres.saving', message: 'Saving…' })}
            >
              {isLoggedIn
                ? i18n._({ id: 'mf-account.genres.saveContinue', message: 'Save and continue' })
                : i18n._({ id: 'mf-account.genres.continue', message: 'Continue' })}
            </Button>
          </div>
        </form>
      )}
    </main>
  );
}
