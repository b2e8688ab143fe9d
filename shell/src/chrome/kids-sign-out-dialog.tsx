import { useState, type FormEvent } from 'react';
import { Button, Dialog, Input, failureMessage, logout, useI18n } from '@streamflix/shared';
import styles from './kids-sign-out-dialog.module.css';

/**
 * Signing out of a kids profile: the API keeps the device signed in, on the kids ceiling, until the
 * account password is given (POST /auth/logout with { password }), so a child can't become a guest
 * with no ceiling. Enter submits; Escape or Cancel keeps the device as it is.
 */
export function KidsSignOutDialog({
  profileName,
  onCancel,
  onSignedOut,
}: {
  profileName: string;
  onCancel: () => void;
  onSignedOut: () => void;
}) {
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
    const result = await logout({ password });
    setBusy(false);
    // Refused (no, wrong or too many passwords): the device stays signed in on the kids profile.
    if (result.status || ![400, 403, 429].includes(result.httpStatus ?? 0)) return onSignedOut();
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
      onClose={onCancel}
      dismissLabel={i18n._({ id: 'shell.kidsSignOut.cancel', message: 'Cancel' })}
      actions={
        <Button
          type="submit"
          form="kids-sign-out"
          busy={busy}
          busyLabel={i18n._({ id: 'shell.kidsSignOut.busy', message: 'Signing out…' })}
        >
          {i18n._({ id: 'shell.kidsSignOut.submit', message: 'Sign out' })}
        </Button>
      }
    >
      <form id="kids-sign-out" className={styles.form} onSubmit={(e) => void submit(e)}>
        <p>
          {i18n._({
            id: 'shell.kidsSignOut.explain',
            message:
              "{profileName} is a kids profile. Signing out of it, or browsing as a guest, needs the account's password.",
            values: { profileName },
          })}
        </p>
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
