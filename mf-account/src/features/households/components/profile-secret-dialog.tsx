import { useState, type FormEvent } from 'react';
import { Button, Dialog, Input, useI18n } from '@streamflix/shared';
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
  const i18n = useI18n();
  const [secret, setSecret] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(secret);
  };
  return (
    <Dialog
      open
      title={
        needs === 'pin'
          ? i18n._({
              id: 'mf-account.secret.pinTitle',
              message: "Enter {name}'s PIN",
              values: { name: profileName },
            })
          : i18n._({ id: 'mf-account.secret.passwordTitle', message: 'Enter the account password' })
      }
      onClose={onCancel}
      dismissLabel={i18n._({ id: 'mf-account.secret.cancel', message: 'Cancel' })}
      actions={
        <Button type="submit" form="profile-secret" disabled={busy || !secret}>
          {needs === 'pin'
            ? i18n._({ id: 'mf-account.secret.unlock', message: 'Unlock' })
            : i18n._({ id: 'mf-account.secret.continue', message: 'Continue' })}
        </Button>
      }
    >
      <form id="profile-secret" className={styles.form} onSubmit={submit}>
        {needs === 'password' ? (
          <p>
            {i18n._({
              id: 'mf-account.secret.kidsLead',
              message: "Leaving a kids profile needs the account's password.",
            })}
          </p>
        ) : null}
        <Input
          label={
            needs === 'pin'
              ? i18n._({
                  id: 'mf-account.secret.pin',
                  message: 'PIN ({digits} digits)',
                  values: { digits: 4 },
                })
              : i18n._({ id: 'mf-account.secret.password', message: 'Account password' })
          }
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
