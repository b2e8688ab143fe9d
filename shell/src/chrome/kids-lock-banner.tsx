import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  Input,
  failureMessage,
  releaseKidsLock,
  useActiveProfile,
  useI18n,
  useKidsLock,
} from '@streamflix/shared';
import styles from './kids-lock-banner.module.css';

/**
 * The device kids lock, said out loud. A device that watched as a kids profile stays on that profile's
 * ratings after its session ended (signed out on every device, expired, a token removed): as a guest,
 * or signed in to another account. This bar says so and takes the account password to unlock it
 * (POST /auth/kids-lock/release); signing in as a grown-up of the account unlocks it too. On the kids
 * profile itself there is nothing to say: the profile is the ceiling.
 */
export function KidsLockBanner() {
  const i18n = useI18n();
  const lock = useKidsLock();
  const profile = useActiveProfile();
  const [asking, setAsking] = useState(false);
  if (!lock || profile?.kids) return null;
  const text = lock.profileName
    ? i18n._({
        id: 'shell.kidsLock.banner',
        message:
          "This device is locked to {profileName}'s ratings. Enter the account password to unlock it.",
        values: { profileName: lock.profileName },
      })
    : i18n._({
        id: 'shell.kidsLock.bannerUnnamed',
        message:
          "This device is locked to a kids profile's ratings. Enter the account password to unlock it.",
      });
  return (
    <aside
      className={styles.banner}
      aria-label={i18n._({ id: 'shell.kidsLock.label', message: 'Kids lock' })}
    >
      <span className={styles.text}>{text}</span>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {i18n._({ id: 'shell.kidsLock.unlock', message: 'Unlock' })}
      </Button>
      {asking ? <KidsUnlockDialog text={text} onClose={() => setAsking(false)} /> : null}
    </aside>
  );
}

/** The account password, checked by the API under the account-password attempt limit. */
function KidsUnlockDialog({ text, onClose }: { text: string; onClose: () => void }) {
  const i18n = useI18n();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password)
      return setError(
        i18n._({ id: 'shell.kidsSignOut.passwordMissing', message: 'Enter the account password.' }),
      );
    setBusy(true);
    setError(null);
    const result = await releaseKidsLock(password);
    setBusy(false);
    // Released: the client forgot the lock (the API's answer said so) and the bar goes with it.
    if (result.status) return onClose();
    setError(
      result.fieldErrors?.password === 'is incorrect'
        ? i18n._({ id: 'shell.kidsSignOut.passwordWrong', message: 'That password is not right.' })
        : failureMessage(result),
    );
  };

  return (
    <Dialog
      open
      title={i18n._({ id: 'shell.kidsSignOut.title', message: 'Enter the account password' })}
      onClose={onClose}
      dismissLabel={i18n._({ id: 'shell.kidsSignOut.cancel', message: 'Cancel' })}
      actions={
        <Button
          type="submit"
          form="kids-unlock"
          busy={busy}
          busyLabel={i18n._({ id: 'shell.kidsLock.busy', message: 'Unlocking…' })}
        >
          {i18n._({ id: 'shell.kidsLock.unlock', message: 'Unlock' })}
        </Button>
      }
    >
      <form id="kids-unlock" className={styles.form} onSubmit={(e) => void submit(e)}>
        <p>{text}</p>
        <Input
          label={i18n._({ id: 'shell.kidsSignOut.passwordLabel', message: 'Account password' })}
          type="password"
          autoFocus
          autoComplete="current-password"
          maxLength={200}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error ?? undefined}
        />
      </form>
    </Dialog>
  );
}
