import { useState, type FormEvent } from 'react';
import { Trans } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  ErrorState,
  Skeleton,
  updateStoredUser,
  useSession,
  type User,
  CheckIcon,
  useI18n,
} from '@streamflix/shared';
import { sendVerificationEmail } from '../api/send-verification-email';
import { verifyEmail } from '../api/verify-email';
import { describeFailure } from '../../../lib/describe-failure';
import { useCurrentUser, userQueryKey } from '../../../api/get-current-user';
import { useForm } from '../../../lib/use-form';
import { normaliseCode, validateCode } from '../validation';
import { CodeField } from './code-form';
import screen from '../../../lib/screen.module.css';

/**
 * The signed-in viewer's email verification: its state, "send code" and the
 * code entry. Used by /verify-email and inside the profile.
 */
export function EmailVerification({ onVerified }: { onVerified?: () => void }) {
  const i18n = useI18n();
  const { userId } = useSession();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const form = useForm({ code: '' }, (v) => ({ code: validateCode(v.code) }));
  const [pending, setPending] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (user.isPending)
    return (
      <Skeleton
        height={96}
        label={i18n._({
          id: 'mf-account.emailVerification.loading',
          message: 'Loading your email status',
        })}
      />
    );
  if (user.isError || !user.data) {
    return (
      <ErrorState
        message={
          user.error?.message ??
          i18n._({
            id: 'mf-account.emailVerification.loadFailed',
            message: 'Could not load your account.',
          })
        }
        onRetry={() => void user.refetch()}
      />
    );
  }
  const { email, emailVerified } = user.data;

  if (emailVerified) {
    return (
      <p className={screen.success} role="status">
        <CheckIcon />{' '}
        <Trans
          id="mf-account.emailVerification.verified"
          message="<0>{email}</0> is verified."
          values={{ email }}
          components={{ 0: <strong /> }}
        />
      </p>
    );
  }

  const sendCode = async () => {
    setSending(true);
    setError(null);
    const r = await sendVerificationEmail();
    setSending(false);
    if (r.status)
      setNotice(
        i18n._({
          id: 'mf-account.emailVerification.sent',
          message: 'We sent a new six-digit code to {email}. It is valid for {minutes} minutes.',
          values: { email, minutes: 15 },
        }),
      );
    else setError(describeFailure(r));
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (pending || !form.touchAll()) return;
    setPending(true);
    setError(null);
    const r = await verifyEmail({ code: normaliseCode(form.values.code) });
    setPending(false);
    if (r.status) {
      updateStoredUser({ emailVerified: true });
      queryClient.setQueryData<User>(userQueryKey(userId), (prev) =>
        prev ? { ...prev, emailVerified: true } : r.data.user,
      );
      onVerified?.();
      return;
    }
    form.setServerErrors({ code: r.fieldErrors?.code });
    setError(describeFailure(r));
  };

  return (
    <div className={screen.form}>
      <p className={screen.muted}>
        <Trans
          id="mf-account.emailVerification.notVerified"
          message="<0>{email}</0> is not verified yet. Enter the six-digit code from the email we sent, or ask for a new one."
          values={{ email }}
          components={{ 0: <strong /> }}
        />
      </p>
      {error ? (
        <div className={screen.alert} role="alert">
          {error}
        </div>
      ) : null}
      {notice ? (
        <p className={screen.success} role="status">
          {notice}
        </p>
      ) : null}
      <form className={screen.form} onSubmit={verify} noValidate>
        <CodeField {...form.field('code')} />
        <div className={screen.row}>
          <Button
            type="submit"
            busy={pending}
            busyLabel={i18n._({ id: 'mf-account.emailVerification.busy', message: 'Checking…' })}
          >
            {i18n._({ id: 'mf-account.emailVerification.verify', message: 'Verify email' })}
          </Button>
          <Button
            variant="secondary"
            onClick={() => void sendCode()}
            busy={sending}
            busyLabel={i18n._({ id: 'mf-account.emailVerification.sending', message: 'Sending…' })}
          >
            {i18n._({ id: 'mf-account.emailVerification.send', message: 'Send code' })}
          </Button>
        </div>
      </form>
    </div>
  );
}
