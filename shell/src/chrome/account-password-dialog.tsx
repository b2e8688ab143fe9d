import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  Input,
  failureMessage,
  useI18n,
  type ApiFailure,
} from '@streamflix/shared';
import styles from './account-password-dialog.module.css';

/**
 * The account password for an action the API checks under the account-password attempt limit (a kids
 * profile's sign-out, the device kids lock's release). Enter submits; Escape or Cancel leaves
 * everything as it is. `check` sends the password and resolves to null once the action is done, or to
 * the refusal to show (a wrong password, the limit, the network).
 */
export function AccountPasswordDialog({
  formId,
  explanation,
  submitLabel,
  busyLabel,
  onCancel,
  check,
}: {
  formId: string;
  explanation: ReactNode;
  submitLabel: string;
  busyLabel: string;
  onCancel: () => void;
  check: (password: string) => Promise<ApiFailure | null>;
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
    const refused = await check(password);
    setBusy(false);
    if (!refused) return;
    setError(
      refused.fieldErrors?.password === 'is incorrect'
        ? i18n._({ id: 'shell.kidsSignOut.passwordWrong', message: 'That password is not right.' })
        : failureMessage(refused),
    );
  };

  return (
    <Dialog
      open
      title={i18n._({ id: 'shell.kidsSignOut.title', message: 'Enter the account password' })}
      onClose={onCancel}
      dismissLabel={i18n._({ id: 'shell.kidsSignOut.cancel', message: 'Cancel' })}
      actions={
        <Button type="submit" form={formId} busy={busy} busyLabel={busyLabel}>
          {submitLabel}
        </Button>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(e) => void submit(e)}>
        <p>{explanation}</p>
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
