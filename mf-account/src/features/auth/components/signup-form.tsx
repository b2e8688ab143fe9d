import { useEffect, useRef, useState } from 'react';
import { Trans } from '@lingui/react';
import { Link, useNavigate } from 'react-router-dom';
import { Card, Input, paths, track, useI18n, type AuthResult } from '@streamflix/shared';
import { describeFailure, fieldErrorsFor } from '../../../lib/describe-failure';
import { useForm } from '../../../lib/use-form';
import { useSubmit } from '../../../lib/use-submit';
import { SubmitForm } from '../../../components/submit-form';
import { SubmitButton } from '../../../components/submit-button';
import { useReturnPath } from '../../../lib/return-path';
import { register } from '../api/register';
import { holdSession } from '../pending-session';
import { validateConfirm, validateEmail, validateName, validateNewPassword } from '../validation';
import { NewPasswordFields } from './password-rules';
import { SignupCodeStep } from './signup-code-step';
import { SocialLogin } from './social-login';
import { EmailInput } from './email-input';
import screen from '../../../lib/screen.module.css';
import styles from './auth.module.css';

type Fields = { name: string; email: string; password: string; confirm: string };
const validate = (v: Fields) => ({
  name: validateName(v.name),
  email: validateEmail(v.email),
  password: validateNewPassword(v.password, v.email),
  confirm: validateConfirm(v.password, v.confirm),
});

/**
 * Create an account in two steps: the form, then the code emailed to the
 * address (the account only exists once the code comes back). The API answers
 * the first step the same for every address, so this screen never says
 * whether an address already has an account.
 */
export function SignupForm({ heading: given }: { heading?: string }) {
  const i18n = useI18n();
  const heading = given ?? i18n._({ id: 'mf-account.signup.heading', message: 'Sign up' });
  const navigate = useNavigate();
  const { next, carry } = useReturnPath();
  const form = useForm<keyof Fields>({ name: '', email: '', password: '', confirm: '' }, validate);
  const [started, setStarted] = useState<{ signUpId: string; email: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusEmail, setFocusEmail] = useState(false);
  useEffect(() => {
    if (!focusEmail || started) return;
    formRef.current?.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
    setFocusEmail(false);
  }, [focusEmail, started]);

  const submit = useSubmit(form.touchAll, async () => {
    const r = await register(form.values);
    if (r.status) {
      // The form comes back on "Change email", ready for another try.
      submit.setPending(false);
      setStarted(r.data);
      return;
    }
    const fieldErrors = fieldErrorsFor(r, ['name', 'email', 'password'] as const);
    form.setServerErrors(fieldErrors);
    return Object.keys(fieldErrors).length
      ? i18n._({ id: 'mf-account.signup.fixFields', message: 'Please fix the highlighted fields.' })
      : describeFailure(r);
  });

  const onSignedUp = (data: AuthResult) => {
    track('sign_up', { method: 'email' });
    // The code verified the email, so the next step is choosing genres, unless the
    // viewer was on their way somewhere (paying for a plan): straight back there.
    holdSession(data, next ?? paths.interest());
    navigate(paths.register(), { replace: true });
  };

  if (started)
    return (
      <main className={screen.center}>
        <Card className={screen.panel}>
          <SignupCodeStep
            heading={heading}
            signUpId={started.signUpId}
            email={started.email}
            onDone={onSignedUp}
            onChangeEmail={() => {
              setStarted(null);
              setFocusEmail(true);
            }}
          />
        </Card>
      </main>
    );

  return (
    <main className={screen.center}>
      <Card className={screen.panel}>
        <h1 className={screen.title}>{heading}</h1>
        <p className={screen.lead}>
          {i18n._({
            id: 'mf-account.signup.lead',
            message: 'Create your Streamflix account. It takes a minute.',
          })}
        </p>
        <SubmitForm submit={submit} errorId="signup-error" formRef={formRef}>
          <Input
            label={i18n._({ id: 'mf-account.signup.name', message: 'Name' })}
            autoComplete="name"
            required
            {...form.field('name')}
          />
          <EmailInput autoComplete="email" {...form.field('email')} />
          <NewPasswordFields
            label={i18n._({ id: 'mf-account.signup.password', message: 'Password' })}
            confirmLabel={i18n._({
              id: 'mf-account.signup.confirmPassword',
              message: 'Confirm password',
            })}
            email={form.values.email}
            password={form.field('password')}
            confirm={form.field('confirm')}
          />
          <p className={styles.fine}>
            <Trans
              id="mf-account.signup.terms"
              message="By creating an account you agree to the <0>Terms and conditions</0> and the <1>Privacy policy</1>."
              components={{
                0: <Link to={paths.terms()} />,
                1: <Link to={paths.privacyPolicy()} />,
              }}
            />
          </p>
          <SubmitButton
            pending={submit.pending}
            busyLabel={i18n._({ id: 'mf-account.signup.busy', message: 'Creating your account…' })}
          >
            {i18n._({ id: 'mf-account.signup.submit', message: 'Create account' })}
          </SubmitButton>
        </SubmitForm>
        <SocialLogin />
        <div className={screen.links}>
          <span>
            <Trans
              id="mf-account.signup.haveAccount"
              message="Already have an account? <0>Log in</0>"
              components={{ 0: <Link to={`${paths.login()}${carry}`} /> }}
            />
          </span>
        </div>
      </Card>
    </main>
  );
}
