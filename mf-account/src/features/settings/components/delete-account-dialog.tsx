import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Dialog, Input, endSession, paths, useI18n } from '@streamflix/shared';
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
  const i18n = useI18n();
  const navigate = useNavigate();
  const validate = useCallback(
    (v: Fields) => ({
      confirm: v.confirm.trim()
        ? undefined
        : hasPassword
          ? i18n._({
              id: 'mf-account.deleteAccount.passwordMissing',
              message: 'Enter your password.',
            })
          : i18n._({
              id: 'mf-account.deleteAccount.emailMissing',
              message: 'Type your email address.',
            }),
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
        toast.success(
          i18n._({
            id: 'mf-account.deleteAccount.deleted',
            message: 'Your account has been deleted. Thanks for watching with us.',
          }),
        ),
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
          label={i18n._({ id: 'mf-account.deleteAccount.password', message: 'Password' })}
          autoComplete="current-password"
          required
          {...form.field('confirm')}
        />
      ) : (
        <Input
          label={i18n._({ id: 'mf-account.deleteAccount.email', message: 'Your email address' })}
          type="email"
          autoComplete="off"
          hint={i18n._({
            id: 'mf-account.deleteAccount.emailHint',
            message: 'You sign in with Google, Apple or Facebook, so type {email} to confirm.',
            values: { email },
          })}
          required
          {...form.field('confirm')}
        />
      )}
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onCancel}>
          {i18n._({ id: 'mf-account.deleteAccount.keep', message: 'Keep my account' })}
        </Button>
        <Button
          type="submit"
          busy={submit.pending}
          busyLabel={i18n._({ id: 'mf-account.deleteAccount.busy', message: 'Deleting…' })}
        >
          {i18n._({ id: 'mf-account.deleteAccount.submit', message: 'Delete account' })}
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
  const i18n = useI18n();
  return (
    <Dialog
      open={open}
      title={i18n._({ id: 'mf-account.deleteAccount.title', message: 'Delete your account?' })}
      onClose={onClose}
    >
      <p>
        {i18n._({
          id: 'mf-account.deleteAccount.lead',
          message: 'This deletes your Streamflix account for good. It can’t be undone.',
        })}
      </p>
      <ul className={styles.consequences}>
        <li>
          {i18n._({
            id: 'mf-account.deleteAccount.subscription',
            message: 'Any subscription is cancelled straight away and you won’t be charged again.',
          })}
        </li>
        <li>
          {i18n._({
            id: 'mf-account.deleteAccount.devices',
            message: 'Every device is signed out, including this one.',
          })}
        </li>
        <li>
          {i18n._({
            id: 'mf-account.deleteAccount.erased',
            message:
              'Your profiles, My List, ratings, watch history, notifications and help messages are erased.',
          })}
        </li>
        <li>
          {i18n._({
            id: 'mf-account.deleteAccount.payments',
            message:
              'Records of your payments are kept without your name, email or card, because the law requires them for accounting.',
          })}
        </li>
      </ul>
      <p className={screen.muted}>
        {i18n._({
          id: 'mf-account.deleteAccount.copyFirst',
          message:
            'Want a copy first? Close this and choose Download your data. We’ll email {email} to confirm the deletion.',
          values: { email },
        })}
      </p>
      {open ? (
        <DeleteAccountForm email={email} hasPassword={hasPassword} onCancel={onClose} />
      ) : null}
    </Dialog>
  );
}
