import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Dialog, Input, endSession, paths } from '@streamflix/shared';
import { SubmitForm } from '../../../components/submit-form';
import { PasswordInput } from '../../../components/password-input';
import { describeFailure } from '../../../lib/describe-failure';
import { useForm } from '../../../lib/use-form';
import { useSubmit } from '../../../lib/use-submit';
import screen from '../../../lib/screen.module.css';
import { deleteAccount } from '../api/delete-account';
import styles from './settings.module.css';

type Fields = { confirm: string };

/**
 * The form inside the dialog: the password, or for an account that signs in with Google, Apple or
 * Facebook (no password) its email address typed out. Mounted only while the dialog is open, so
 * what was typed is gone when it closes.
 */
function DeleteAccountForm({
  email,
  hasPassword,
  onCancel,
}: {
  email: string;
  hasPassword: boolean;
  onCancel: () => void;
}) {
  const navigate = useNavigate();
  const validate = useCallback(
    (v: Fields) => ({
      confirm: v.confirm.trim()
        ? undefined
        : hasPassword
          ? 'Enter your password.'
          : 'Type your email address.',
    }),
    [hasPassword],
  );
  const form = useForm<keyof Fields>({ confirm: '' }, validate);
  const submit = useSubmit(form.touchAll, async () => {
    const value = form.values.confirm;
    const r = await deleteAccount(hasPassword ? { password: value } : { email: value.trim() });
    if (r.status) {
      // The server has ended every session, this one too: forget it here and leave as a guest.
      void import('react-toastify').then(({ toast }) =>
        toast.success('Your account has been deleted. Thanks for watching with us.'),
      );
      endSession('logout');
      navigate(paths.home(), { replace: true });
      return;
    }
    const fieldError = r.fieldErrors?.password ?? r.fieldErrors?.email;
    if (fieldError) {
      form.setServerErrors({ confirm: r.message ?? fieldError });
      return null;
    }
    return describeFailure(r);
  });

  return (
    <SubmitForm submit={submit} errorId="delete-account-error">
      {hasPassword ? (
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.field('confirm')}
        />
      ) : (
        <Input
          label="Your email address"
          type="email"
          autoComplete="off"
          hint={`You sign in with Google, Apple or Facebook, so type ${email} to confirm.`}
          required
          {...form.field('confirm')}
        />
      )}
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onCancel}>
          Keep my account
        </Button>
        <Button type="submit" busy={submit.pending} busyLabel="Deleting…">
          Delete account
        </Button>
      </div>
    </SubmitForm>
  );
}

/** "Delete account": what happens, then the password, then the account is gone and this device signed out. */
export function DeleteAccountDialog({
  open,
  onClose,
  email,
  hasPassword,
}: {
  open: boolean;
  onClose: () => void;
  email: string;
  hasPassword: boolean;
}) {
  return (
    <Dialog open={open} title="Delete your account?" onClose={onClose}>
      <p>This deletes your Streamflix account for good. It can’t be undone.</p>
      <ul className={styles.consequences}>
        <li>Any subscription is cancelled straight away and you won’t be charged again.</li>
        <li>Every device is signed out, including this one.</li>
        <li>
          Your profiles, My List, ratings, watch history, notifications and help messages are
          erased.
        </li>
        <li>
          Records of your payments are kept without your name, email or card, because the law
          requires them for accounting.
        </li>
      </ul>
      <p className={screen.muted}>
        Want a copy first? Close this and choose Download your data. We’ll email {email} to confirm
        the deletion.
      </p>
      {open ? (
        <DeleteAccountForm email={email} hasPassword={hasPassword} onCancel={onClose} />
      ) : null}
    </Dialog>
  );
}
