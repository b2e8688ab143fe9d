import { useEffect, useRef, useState } from 'react';
import { Trans } from '@lingui/react';
import { useI18n, type AuthResult } from '@streamflix/shared';
import { describeFailure } from '../../../lib/describe-failure';
import { useForm } from '../../../lib/use-form';
import { useSubmit } from '../../../lib/use-submit';
import { SubmitForm } from '../../../components/submit-form';
import { SubmitButton } from '../../../components/submit-button';
import { completeSignUp } from '../api/complete-sign-up';
import { resendSignUpCode } from '../api/resend-sign-up-code';
import { normaliseCode, validateCode } from '../validation';
import { CodeField } from './code-form';
import screen from '../../../lib/screen.module.css';

/** Seconds before another code may be asked for, so an impatient click does not burn the email limit. */
const RESEND_COOLDOWN = 30;

const validate = (v: { code: string }) => ({ code: validateCode(v.code) });

/**
 * The sign-up's second step: the account only exists once the emailed code
 * comes back. Focus lands on the heading, so screen readers hear where the
 * code went; a refused code moves focus to the message.
 */
export function SignupCodeStep({
  heading,
  signUpId,
  email,
  onDone,
  onChangeEmail,
}: {
  heading: string;
  signUpId: string;
  email: string;
  onDone: (data: AuthResult) => void;
  onChangeEmail: () => void;
}) {
  const i18n = useI18n();
  const form = useForm({ code: '' }, validate);
  const [resent, setResent] = useState<string | null>(null);
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const submit = useSubmit(form.touchAll, async () => {
    const r = await completeSignUp(signUpId, normaliseCode(form.values.code));
    if (r.status) {
      onDone(r.data);
      return;
    }
    // One message, in the alert: the same words beside the field would be announced twice.
    return describeFailure(r);
  });

  const resend = async () => {
    if (cooldown > 0) return;
    setCooldown(RESEND_COOLDOWN);
    const r = await resendSignUpCode(signUpId);
    setResent(
      r.status
        ? i18n._({
            id: 'mf-account.signupCode.resent',
            message: 'A new code is on its way to {email}.',
            values: { email },
          })
        : describeFailure(r),
    );
  };

  return (
    <>
      <h1 className={screen.title} ref={headingRef} tabIndex={-1}>
        {i18n._({
          id: 'mf-account.signupCode.title',
          message: '{heading}: check your email',
          values: { heading },
        })}
      </h1>
      <p className={screen.lead}>
        <Trans
          id="mf-account.signupCode.lead"
          message="We sent a 6-digit code to <0>{email}</0>. Enter it to finish creating your account."
          values={{ email }}
          components={{ 0: <strong /> }}
        />
      </p>
      <SubmitForm submit={submit} errorId="signup-code-error">
        <CodeField {...form.field('code')} />
        <SubmitButton
          pending={submit.pending}
          busyLabel={i18n._({ id: 'mf-account.signupCode.busy', message: 'Checking…' })}
        >
          {i18n._({ id: 'mf-account.signupCode.submit', message: 'Verify and continue' })}
        </SubmitButton>
      </SubmitForm>
      <p className={screen.section}>
        <button
          type="button"
          className={screen.linkButton}
          aria-disabled={cooldown > 0}
          onClick={() => void resend()}
        >
          {cooldown > 0
            ? i18n._({
                id: 'mf-account.signupCode.resendIn',
                message: 'Send a new code (in {seconds} s)',
                values: { seconds: cooldown },
              })
            : i18n._({ id: 'mf-account.signupCode.resend', message: 'Send a new code' })}
        </button>
        <span role="status" className={screen.muted}>
          {resent ? ` ${resent}` : ''}
        </span>
      </p>
      <div className={screen.links}>
        <button type="button" className={screen.linkButton} onClick={onChangeEmail}>
          {i18n._({ id: 'mf-account.signupCode.changeEmail', message: 'Change email' })}
        </button>
      </div>
    </>
  );
}
