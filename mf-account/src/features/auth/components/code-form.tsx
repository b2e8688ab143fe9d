import { forwardRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Card, Input, paths, useI18n, type InputProps } from '@streamflix/shared';
import { forgotPassword } from '../api/forgot-password';
import { resetPassword } from '../api/reset-password';
import { verifyEmail } from '../api/verify-email';
import { describeFailure, fieldErrorsFor } from '../../../lib/describe-failure';
import { useForm } from '../../../lib/use-form';
import { useSubmit } from '../../../lib/use-submit';
import { SubmitForm } from '../../../components/submit-form';
import {
  normaliseCode,
  validateCode,
  validateConfirm,
  validateEmail,
  validateNewPassword,
} from '../validation';
import { NewPasswordFields } from './password-rules';
import { EmailInput } from './email-input';
import screen from '../../../lib/screen.module.css';
import styles from './auth.module.css';

/** The six-digit code input, shared by this screen and the sign-up's code step. */
export const CodeField = forwardRef<HTMLInputElement, Omit<InputProps, 'label'>>(
  function CodeField(props, ref) {
    const i18n = useI18n();
    return (
      <Input
        ref={ref}
        className={styles.code}
        label={i18n._({ id: 'mf-account.code.label', message: 'Six-digit code' })}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={12}
        required
        {...props}
      />
    );
  },
);

type Fields = { email: string; code: string; password: string; confirm: string };

/**
 * The code screen (/verify, the spec's /varify). `?mode=reset` finishes a
 * password reset (code + new password); otherwise it verifies an email address
 * for a visitor who is not signed in.
 */
export function CodeForm() {
  const i18n = useI18n();
  const [params] = useSearchParams();
  const reset = params.get('mode') === 'reset';
  const validate = (v: Fields) => ({
    email: validateEmail(v.email),
    code: validateCode(v.code),
    password: reset ? validateNewPassword(v.password, v.email) : undefined,
    confirm: reset ? validateConfirm(v.password, v.confirm) : undefined,
  });
  const form = useForm<keyof Fields>(
    { email: params.get('email') ?? '', code: '', password: '', confirm: '' },
    validate,
  );
  const [done, setDone] = useState<string | null>(null);
  const [resent, setResent] = useState<string | null>(null);

  const submit = useSubmit(form.touchAll, async () => {
    const email = form.values.email.trim();
    const code = normaliseCode(form.values.code);
    const r = reset
      ? await resetPassword({ email, code, newPassword: form.values.password })
      : await verifyEmail({ email, code });
    if (r.status) {
      submit.setPending(false);
      setDone(
        reset
          ? i18n._({
              id: 'mf-account.code.resetDone',
              message:
                'Your password was changed and every device was signed out. Log in with your new password.',
            })
          : i18n._({ id: 'mf-account.code.verified', message: 'Your email address is verified.' }),
      );
      return;
    }
    form.setServerErrors(fieldErrorsFor(r, ['email', 'code'] as const));
    const pw = r.fieldErrors?.newPassword;
    // Fragments ("is too easy to guess") come with the full sentence in `message`.
    const pwMessage = pw && /^[a-z]/.test(pw) ? (r.message ?? pw) : pw;
    if (pwMessage) form.setServerErrors((prev) => ({ ...prev, password: pwMessage }));
    return describeFailure(r);
  });

  const resend = async () => {
    const emailError = validateEmail(form.values.email);
    if (emailError) {
      form.touchAll();
      return;
    }
    const r = await forgotPassword(form.values.email.trim());
    setResent(
      r.status
        ? i18n._({
            id: 'mf-account.code.resent',
            message: 'If an account exists for that email, a new code is on its way.',
          })
        : describeFailure(r),
    );
  };

  return (
    <main className={screen.center}>
      <Card className={screen.panel}>
        <h1 className={screen.title}>
          {i18n._({ id: 'mf-account.code.title', message: 'Enter your code' })}
        </h1>
        {done ? (
          <>
            <p className={screen.success} role="status">
              {done}
            </p>
            <div className={screen.links}>
              <Link to={`${paths.login()}`}>
                {i18n._({ id: 'mf-account.code.logIn', message: 'Log in' })}
              </Link>
            </div>
          </>
        ) : (
          <>
            <p className={screen.lead}>
              {reset
                ? i18n._({
                    id: 'mf-account.code.leadReset',
                    message:
                      'We sent a six-digit code to your email. Enter it with your new password.',
                  })
                : i18n._({
                    id: 'mf-account.code.leadVerify',
                    message: 'Enter the six-digit code we emailed you to verify your address.',
                  })}
            </p>
            <SubmitForm submit={submit}>
              <EmailInput {...form.field('email')} />
              <CodeField {...form.field('code')} />
              {reset ? (
                <>
                  <NewPasswordFields
                    label={i18n._({ id: 'mf-account.code.newPassword', message: 'New password' })}
                    confirmLabel={i18n._({
                      id: 'mf-account.code.confirmNewPassword',
                      message: 'Confirm new password',
                    })}
                    email={form.values.email}
                    password={form.field('password')}
                    confirm={form.field('confirm')}
                  />
                </>
              ) : null}
              <Button
                type="submit"
                className={screen.full}
                busy={submit.pending}
                busyLabel={i18n._({ id: 'mf-account.code.busy', message: 'Checking…' })}
              >
                {reset
                  ? i18n._({ id: 'mf-account.code.setPassword', message: 'Set new password' })
                  : i18n._({ id: 'mf-account.code.verify', message: 'Verify email' })}
              </Button>
            </SubmitForm>
            {reset ? (
              <p className={screen.section}>
                <button type="button" className={screen.linkButton} onClick={() => void resend()}>
                  {i18n._({ id: 'mf-account.code.sendNew', message: 'Send a new code' })}
                </button>
                {resent ? (
                  <span role="status" className={screen.muted}>
                    {' '}
                    {resent}
                  </span>
                ) : null}
              </p>
            ) : null}
            <div className={screen.links}>
              <Link to={paths.login()}>
                {i18n._({ id: 'mf-account.code.backToLogin', message: 'Back to log in' })}
              </Link>
              {reset ? null : (
                <Link to={`${paths.forgot()}`}>
                  {i18n._({ id: 'mf-account.code.forgot', message: 'Forgot your password?' })}
                </Link>
              )}
            </div>
          </>
        )}
      </Card>
    </main>
  );
}
