import { useState, type FormEvent } from 'react';
import { Button, Dialog, Input } from '@streamflix/shared';
import styles from './households.module.css';

/**
 * The PIN prompt: a locked profile's 4-digit PIN, or the account password when leaving a kids
 * profile. The answer is checked by the API (POST /profiles/{profileId}/select); `error` is its word.
 */
export function ProfileSecretDialog({
  profileName,
  needs,
  busy,
  error,
  onCancel,
  onSubmit,
}: {
  profileName: string;
  needs: 'pin' | 'password';
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: (secret: string) => void;
}) {
  const [secret, setSecret] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(secret);
  };
  return (
    <Dialog
      open
      title={needs === 'pin' ? `Enter ${profileName}'s PIN` : 'Enter the account password'}
      onClose={onCancel}
      dismissLabel="Cancel"
      actions={
        <Button type="submit" form="profile-secret" disabled={busy || !secret}>
          {needs === 'pin' ? 'Unlock' : 'Continue'}
        </Button>
      }
    >
      <form id="profile-secret" className={styles.form} onSubmit={submit}>
        {needs === 'password' ? <p>Leaving a kids profile needs the account's password.</p> : null}
        <Input
          label={needs === 'pin' ? 'PIN (4 digits)' : 'Account password'}
          type="password"
          autoFocus
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          inputMode={needs === 'pin' ? 'numeric' : undefined}
          maxLength={needs === 'pin' ? 4 : 200}
          autoComplete={needs === 'pin' ? 'off' : 'current-password'}
          error={error ?? undefined}
        />
      </form>
    </Dialog>
  );
}
