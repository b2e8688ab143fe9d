import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  ErrorState,
  failureMessage,
  useActiveProfile,
  type HouseholdProfile,
  LockIcon,
  useI18n,
} from '@streamflix/shared';
import { householdKey, useHousehold } from '../api/get-household';
import { selectProfile, type ProfileProof } from '../api/select-profile';
import { activateProfile } from '../activate-profile';
import { ProfileAvatar } from './profile-avatar';
import { ProfileEditor } from './profile-editor';
import { ProfileSecretDialog } from './profile-secret-dialog';
import styles from './households.module.css';

/** Only paths of this site: `?next=` never sends the viewer elsewhere. */
const safeNext = (next: string | null): string =>
  next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/profiles')
    ? next
    : '/';

/** What the next dialog asks for; `carry` is what was already given (the password, before a locked profile's PIN). */
type Ask = { profile: HouseholdProfile; needs: 'pin' | 'password'; carry?: ProfileProof };

/**
 * "Who's watching?": after sign-in when the account has several profiles, and from the header at any time.
 * Choosing a profile switches every screen without a reload; a locked profile asks for its PIN, and leaving
 * a kids profile asks for the account password. Grown-ups manage the profiles here too.
 */
export function WhoIsWatchingScreen() {
  const i18n = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const active = useActiveProfile();
  const household = useHousehold();
  const [ask, setAsk] = useState<Ask | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [managing, setManaging] = useState(false);
  const [editing, setEditing] = useState<HouseholdProfile | 'new' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);
  useEffect(() => {
    document.title = i18n._({
      id: 'mf-account.profiles.documentTitle',
      message: "Who's watching? · Streamflix",
    });
  }, [i18n, i18n.locale]);

  const data = household.data;
  const current = data?.profiles.find((p) => p.id === data.current);
  const onKids = current?.kids ?? active?.kids ?? false;

  const choose = async (profile: HouseholdProfile, proof: ProfileProof = {}) => {
    setBusy(true);
    setError(null);
    const r = await selectProfile(profile.id, proof);
    setBusy(false);
    if (r.status) {
      setAsk(null);
      activateProfile(r.data);
      void client.invalidateQueries({ queryKey: householdKey() });
      void import('react-toastify').then(({ toast }) =>
        toast.info(
          i18n._({
            id: 'mf-account.profiles.watchingAs',
            message: 'Watching as {name}.',
            values: { name: r.data.name },
          }),
        ),
      );
      navigate(safeNext(params.get('next')));
      return;
    }
    const needs = r.fieldErrors?.password ? 'password' : r.fieldErrors?.pin ? 'pin' : null;
    // A first answer, or the next question (the PIN after the password): ask it. A wrong answer: say so.
    if (needs && (!ask || (ask.needs !== needs && r.fieldErrors?.[needs] === 'is required'))) {
      setError(null);
      setAsk({ profile, needs, carry: proof });
      return;
    }
    setError(failureMessage(r));
  };

  const onPick = (profile: HouseholdProfile) => {
    if (managing) return setEditing(profile);
    if (profile.id === data?.current) return choose(profile);
    if (onKids && !profile.kids) return setAsk({ profile, needs: 'password' });
    if (profile.locked) return setAsk({ profile, needs: 'pin' });
    return choose(profile);
  };

  if (household.isError)
    return (
      <main id="main" className={styles.page}>
        <ErrorState
          title={i18n._({
            id: 'mf-account.profiles.loadFailed',
            message: "We couldn't load your profiles",
          })}
          message={(household.error as Error).message}
          onRetry={() => void household.refetch()}
        />
      </main>
    );

  return (
    <main id="main" className={styles.page}>
      <h1 ref={heading} tabIndex={-1}>
        {managing
          ? i18n._({ id: 'mf-account.profiles.manage', message: 'Manage profiles' })
          : i18n._({ id: 'mf-account.profiles.title', message: "Who's watching?" })}
      </h1>
      {!data ? (
        <p role="status">
          {i18n._({ id: 'mf-account.profiles.loading', message: 'Loading profiles…' })}
        </p>
      ) : (
        <ul
          className={styles.grid}
          aria-label={i18n._({ id: 'mf-account.profiles.list', message: 'Profiles' })}
        >
          {data.profiles.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className={`${styles.tile} ${p.id === data.current ? styles.current : ''}`}
                onClick={() => void onPick(p)}
                disabled={busy}
                aria-label={i18n._({
                  id: 'mf-account.profiles.tileLabel',
                  message:
                    '{mode, select, edit {Edit {name}} other {Watch as {name}}}{kids, select, yes {, kids profile} other {}}{locked, select, yes {, locked with a PIN} other {}}{current, select, yes {, watching now} other {}}',
                  values: {
                    mode: managing ? 'edit' : 'watch',
                    name: p.name,
                    kids: p.kids ? 'yes' : 'no',
                    locked: p.locked ? 'yes' : 'no',
                    current: p.id === data.current ? 'yes' : 'no',
                  },
                })}
              >
                <ProfileAvatar name={p.name} avatar={p.avatar} avatarUrl={p.avatarUrl} />
                <span className={styles.name}>{p.name}</span>
                <span className={styles.meta}>
                  {p.kids ? (
                    <span className={styles.kidsBadge}>
                      {i18n._({ id: 'mf-account.profiles.kids', message: 'Kids' })}
                    </span>
                  ) : null}
                  {p.locked ? (
                    <>
                      {' '}
                      <LockIcon />
                    </>
                  ) : null}
                  {managing ? ` ${p.maturityLabel}` : ''}
                </span>
              </button>
            </li>
          ))}
          {managing && data.profiles.length < data.maxProfiles ? (
            <li>
              <button type="button" className={styles.tile} onClick={() => setEditing('new')}>
                <span className={`${styles.avatar} ${styles.add}`} aria-hidden="true">
                  +
                </span>
                <span className={styles.name}>
                  {i18n._({ id: 'mf-account.profiles.add', message: 'Add profile' })}
                </span>
              </button>
            </li>
          ) : null}
        </ul>
      )}
      {error && !ask ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {data && !onKids ? (
        <div className={styles.actions}>
          <Button
            variant={managing ? 'primary' : 'secondary'}
            onClick={() => setManaging((m) => !m)}
          >
            {managing
              ? i18n._({ id: 'mf-account.profiles.done', message: 'Done' })
              : i18n._({ id: 'mf-account.profiles.manage', message: 'Manage profiles' })}
          </Button>
        </div>
      ) : null}

      {ask ? (
        <ProfileSecretDialog
          // A new question (the PIN after the password) starts with an empty field.
          key={`${ask.profile.id}:${ask.needs}`}
          profileName={ask.profile.name}
          needs={ask.needs}
          busy={busy}
          error={error}
          onCancel={() => {
            setAsk(null);
            setError(null);
          }}
          onSubmit={(secret) =>
            void choose(ask.profile, {
              ...ask.carry,
              ...(ask.needs === 'pin' ? { pin: secret } : { password: secret }),
            })
          }
        />
      ) : null}

      {editing && data ? (
        <ProfileEditor
          profile={editing === 'new' ? null : editing}
          avatars={data.avatars}
          defaultAvatar={data.avatars[data.profiles.length % data.avatars.length]}
          accountAvatarUrl={data.accountAvatarUrl}
          maturityLevels={data.maturityLevels}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void client.invalidateQueries({ queryKey: householdKey() });
          }}
        />
      ) : null}
    </main>
  );
}
