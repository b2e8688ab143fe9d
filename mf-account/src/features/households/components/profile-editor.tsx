import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  failureMessage,
  Input,
  LANGUAGES as UI_LANGUAGES,
  Select,
  useFormat,
  useI18n,
  useLanguage,
  type HouseholdProfile,
} from '@streamflix/shared';
import { createProfile } from '../api/create-profile';
import { deleteProfile } from '../api/delete-profile';
import { setProfilePin } from '../api/set-profile-pin';
import { updateHouseholdProfile } from '../api/update-household-profile';
import { ProfileAvatar } from './profile-avatar';
import styles from './households.module.css';

type Maturity = HouseholdProfile['maturity'];
const KIDS_LEVELS: Maturity[] = ['little-kids', 'older-kids'];
/**
 * A profile's language: the UI language of whoever watches as it (first in the order, docs/i18n.md)
 * and the audio the player picks first. The eight UI languages (as the language menu names them, in
 * their own language; saved by base code, pt-BR as pt, as the menu saves it), then the catalogue's
 * other dubbed languages.
 */
const PROFILE_LANGUAGES: Array<[string, string]> = [
  ...UI_LANGUAGES.map((l): [string, string] => [l.code.split('-')[0]!, l.name]),
  ['it', 'Italiano'],
  ['ko', '한국어'],
];

/**
 * Add or change a profile: name, avatar, kids, maturity ceiling and PIN lock. The account password is asked
 * for whatever decides what a child can reach (creating, the ceiling, kids, the lock, deleting).
 */
export function ProfileEditor({
  profile,
  avatars,
  defaultAvatar,
  accountAvatarUrl,
  maturityLevels,
  onClose,
  onSaved,
}: {
  profile: HouseholdProfile | null;
  avatars: string[];
  defaultAvatar?: string;
  /** The account's uploaded picture, offered as one more avatar. */
  accountAvatarUrl?: string | null;
  maturityLevels: Array<{ id: Maturity; label: string; ratings: string[] }>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const i18n = useI18n();
  const f = useFormat();
  const [name, setName] = useState(profile?.name ?? '');
  const [avatar, setAvatar] = useState(profile?.avatar ?? defaultAvatar ?? avatars[0] ?? 'night');
  const [kids, setKids] = useState(profile?.kids ?? false);
  const uiLanguage = useLanguage();
  // A new profile starts in the language the viewer is using.
  const [language, setLanguage] = useState(
    profile?.language ??
      PROFILE_LANGUAGES.find(([code]) => uiLanguage.startsWith(code))?.[0] ??
      'en',
  );
  const [maturity, setMaturity] = useState<Maturity>(profile?.maturity ?? 'all');
  const [pin, setPinValue] = useState('');
  const [removeLock, setRemoveLock] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const levels = kids ? maturityLevels.filter((m) => KIDS_LEVELS.includes(m.id)) : maturityLevels;
  const effectiveMaturity = kids && !KIDS_LEVELS.includes(maturity) ? 'older-kids' : maturity;
  const guardedChange =
    !profile ||
    kids !== profile.kids ||
    effectiveMaturity !== profile.maturity ||
    pin !== '' ||
    removeLock;

  const fail = (message: string) => {
    setBusy(false);
    setError(message);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!name.trim())
      return fail(
        i18n._({ id: 'mf-account.editor.nameMissing', message: 'Give the profile a name.' }),
      );
    if (pin && !/^\d{4}$/.test(pin))
      return fail(
        i18n._({
          id: 'mf-account.editor.pinFormat',
          message: 'A PIN is {digits} digits.',
          values: { digits: 4 },
        }),
      );
    if (guardedChange && !password)
      return fail(
        i18n._({
          id: 'mf-account.editor.passwordNeeded',
          message: 'Enter the account password to save these changes.',
        }),
      );
    setBusy(true);
    let id = profile?.id;
    if (!profile) {
      const r = await createProfile({
        name,
        avatar,
        language,
        kids,
        maturity: effectiveMaturity,
        password,
      });
      if (!r.status) return fail(failureMessage(r));
      id = r.data.id;
    } else {
      const changed = {
        ...(name !== profile.name ? { name } : {}),
        ...(avatar !== profile.avatar ? { avatar } : {}),
        ...(language !== profile.language ? { language } : {}),
        ...(kids !== profile.kids ? { kids } : {}),
        ...(effectiveMaturity !== profile.maturity ? { maturity: effectiveMaturity } : {}),
      };
      if (Object.keys(changed).length) {
        const r = await updateHouseholdProfile(profile.id, {
          ...changed,
          ...(password ? { password } : {}),
        });
        if (!r.status) return fail(failureMessage(r));
      }
    }
    if (id && (pin || removeLock)) {
      const r = await setProfilePin(id, removeLock ? null : pin, password);
      if (!r.status) return fail(failureMessage(r));
    }
    setBusy(false);
    onSaved();
  };

  const onDelete = async () => {
    if (!profile) return;
    if (!password)
      return fail(
        i18n._({
          id: 'mf-account.editor.passwordNeededDelete',
          message: 'Enter the account password to delete this profile.',
        }),
      );
    setBusy(true);
    const r = await deleteProfile(profile.id, password);
    if (!r.status) return fail(failureMessage(r));
    setBusy(false);
    onSaved();
  };

  return (
    <Dialog
      open
      title={
        profile
          ? i18n._({
              id: 'mf-account.editor.editTitle',
              message: 'Edit {name}',
              values: { name: profile.name },
            })
          : i18n._({ id: 'mf-account.editor.addTitle', message: 'Add a profile' })
      }
      onClose={onClose}
      dismissLabel={i18n._({ id: 'mf-account.editor.cancel', message: 'Cancel' })}
      actions={
        <Button type="submit" form="profile-editor" disabled={busy}>
          {profile
            ? i18n._({ id: 'mf-account.editor.save', message: 'Save' })
            : i18n._({ id: 'mf-account.editor.add', message: 'Add profile' })}
        </Button>
      }
    >
      <form
        id="profile-editor"
        className={styles.form}
        onSubmit={(e) => void onSubmit(e)}
        noValidate
      >
        <Input
          label={i18n._({ id: 'mf-account.editor.name', message: 'Name' })}
          value={name}
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
          required
        />
        <fieldset>
          <legend>{i18n._({ id: 'mf-account.editor.avatar', message: 'Avatar' })}</legend>
          <div className={styles.avatarChoices}>
            {avatars.map((a) => (
              <label key={a}>
                <input
                  type="radio"
                  name="avatar"
                  value={a}
                  checked={avatar === a}
                  onChange={() => setAvatar(a)}
                />
                <ProfileAvatar name={name || '?'} avatar={a} size="small" />
                <span>
                  {i18n._({
                    id: 'mf-account.editor.avatarName',
                    message:
                      '{avatar, select, sunrise {Sunrise} ocean {Ocean} forest {Forest} berry {Berry} ember {Ember} night {Night} mint {Mint} gold {Gold} other {{avatar}}}',
                    values: { avatar: a },
                  })}
                </span>
              </label>
            ))}
            {accountAvatarUrl ? (
              <label>
                <input
                  type="radio"
                  name="avatar"
                  value="account"
                  checked={avatar === 'account'}
                  onChange={() => setAvatar('account')}
                />
                <ProfileAvatar
                  name={name || '?'}
                  avatar="account"
                  avatarUrl={accountAvatarUrl}
                  size="small"
                />
                <span>
                  {i18n._({ id: 'mf-account.editor.yourPicture', message: 'Your picture' })}
                </span>
              </label>
            ) : null}
          </div>
        </fieldset>
        <Select
          label={i18n._({ id: 'mf-account.editor.language', message: 'Language' })}
          value={language}
          onChange={(e) => setLanguage(e.target.value)}
          hint={i18n._({
            id: 'mf-account.editor.languageHint',
            message: 'Audio in this language plays first when a title has it.',
          })}
        >
          {PROFILE_LANGUAGES.map(([code, label]) => (
            <option key={code} value={code} lang={code}>
              {label}
            </option>
          ))}
        </Select>
        {profile?.primary ? null : (
          <label className={styles.check}>
            <input type="checkbox" checked={kids} onChange={(e) => setKids(e.target.checked)} />
            {i18n._({
              id: 'mf-account.editor.kids',
              message:
                'Kids profile (titles up to PG, TV-Y7 and TV-G; no account or payment screens)',
            })}
          </label>
        )}
        <Select
          label={i18n._({ id: 'mf-account.editor.maturity', message: 'Maturity rating' })}
          value={effectiveMaturity}
          onChange={(e) => setMaturity(e.target.value as Maturity)}
          hint={f.formatList(levels.find((m) => m.id === effectiveMaturity)?.ratings ?? [])}
        >
          {levels.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </Select>
        <Input
          label={
            profile?.locked
              ? i18n._({
                  id: 'mf-account.editor.newPin',
                  message: 'New PIN ({digits} digits; leave empty to keep)',
                  values: { digits: 4 },
                })
              : i18n._({
                  id: 'mf-account.editor.lockPin',
                  message: 'Lock with a PIN ({digits} digits, optional)',
                  values: { digits: 4 },
                })
          }
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={pin}
          onChange={(e) => setPinValue(e.target.value.replace(/\D/g, ''))}
        />
        {profile?.locked ? (
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={removeLock}
              onChange={(e) => setRemoveLock(e.target.checked)}
            />
            {i18n._({ id: 'mf-account.editor.removeLock', message: 'Remove the PIN lock' })}
          </label>
        ) : null}
        <Input
          label={i18n._({ id: 'mf-account.editor.password', message: 'Account password' })}
          type="password"
          autoComplete="current-password"
          value={password}
          hint={
            guardedChange
              ? i18n._({
                  id: 'mf-account.editor.passwordHintNeeded',
                  message: 'Needed for new profiles, maturity, kids and locks.',
                })
              : i18n._({
                  id: 'mf-account.editor.passwordHintNotNeeded',
                  message: 'Not needed for a name or avatar.',
                })
          }
          onChange={(e) => setPassword(e.target.value)}
        />
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        {profile && !profile.primary ? (
          confirmDelete ? (
            <p>
              {i18n._({
                id: 'mf-account.editor.confirmDelete',
                message: 'Delete {name} with its My List, history and ratings?',
                values: { name: profile.name },
              })}{' '}
              <Button variant="secondary" onClick={() => void onDelete()} disabled={busy}>
                {i18n._({
                  id: 'mf-account.editor.confirmDeleteYes',
                  message: 'Yes, delete {name}',
                  values: { name: profile.name },
                })}
              </Button>
            </p>
          ) : (
            <Button variant="ghost" onClick={() => setConfirmDelete(true)}>
              {i18n._({ id: 'mf-account.editor.delete', message: 'Delete profile' })}
            </Button>
          )
        ) : null}
      </form>
    </Dialog>
  );
}
