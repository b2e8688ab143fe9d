import { useState } from 'react';
import {
  Button,
  releaseKidsLock,
  useActiveProfile,
  useI18n,
  useKidsLock,
} from '@streamflix/shared';
import styles from './kids-lock-banner.module.css';
import { AccountPasswordDialog } from './account-password-dialog';

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
  return (
    <AccountPasswordDialog
      formId="kids-unlock"
      explanation={text}
      submitLabel={i18n._({ id: 'shell.kidsLock.unlock', message: 'Unlock' })}
      busyLabel={i18n._({ id: 'shell.kidsLock.busy', message: 'Unlocking…' })}
      onCancel={onClose}
      check={async (password) => {
        const result = await releaseKidsLock(password);
        // Released: the client forgot the lock (the API's answer said so) and the bar goes with it.
        if (!result.status) return result;
        onClose();
        return null;
      }}
    />
  );
}
