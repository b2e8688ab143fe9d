import { useState, type FormEvent } from 'react';
import { Button, Dialog, Input, failureMessage, logout } from '@streamflix/shared';
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
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError('Enter the account password.');
    setBusy(true);
    setError(null);
    const result = await logout({ password });
    setBusy(false);
    // Refused (no, wrong or too many passwords): the device stays signed in on the kids profile.
    if (result.status || ![400, 403, 429].includes(result.httpStatus ?? 0)) return onSignedOut();
    setError(
      result.fieldErrors?.password === 'is incorrect'
        ? 'That password is not right.'
        : failureMessage(result),
    );
  };

  return (
    <Dialog
      open
      title="Enter the account password"
      onClose={onCancel}
      dismissLabel="Cancel"
      actions={
        <Button type="submit" form="kids-sign-out" busy={busy} busyLabel="Signing out…">
          Sign out
        </Button>
      }
    >
      <form id="kids-sign-out" className={styles.form} onSubmit={(e) => void submit(e)}>
        <p>
          {profileName} is a kids profile. Signing out of it, or browsing as a guest, needs the
          account's password.
        </p>
        <Input
          label="Account password"
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
