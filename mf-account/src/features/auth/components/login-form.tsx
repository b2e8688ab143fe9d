import { Link, useNavigate } from 'react-router-dom';
import { Card, paths, useI18n } from '@streamflix/shared';
import { describeFailure, fieldErrorsFor } from '../../../lib/describe-failure';
import { useForm } from '../../../lib/use-form';
import { useSubmit } from '../../../lib/use-submit';
import { useReturnPath } from '../../../lib/return-path';
import { signIn } from '../api/sign-in';
import { validateEmail, validateLoginPassword } from '../validation';
import { SubmitForm } from '../../../components/submit-form';
import { PasswordInput } from '../../../components/password-input';
import { SubmitButton } from '../../../components/submit-button';
import { SocialLogin } from './social-login';
import { EmailInput } from './email-input';
import screen from '../../../lib/screen.module.css';

const validate = (v: { email: string; password: string }) => ({
  email: validateEmail(v.email),
  password: validateLoginPassword(v.password),
});

/**
 * Email + password login. On success the shared session starts and the shell
 * switches to the logged-in route set without a reload.
 */
export function LoginForm() {
  const i18n = useI18n();
  const navigate = useNavigate();
  const { next, carry } = useReturnPath();
  const form = useForm({ email: '', password: '' }, validate);
  const submit = useSubmit(form.touchAll, async () => {
    const result = await signIn(form.values.email, form.values.password, () =>
      navigate(next ?? paths.home(), { replace: true }),
    );
    if (result.status) return;
    form.setServerErrors(fieldErrorsFor(result, ['email', 'password'] as const));
    // Spec §8: a 403 or status:false hands back the body; describeFailure shows its message.
    return describeFailure(result);
  });

  return (
    <main className={screen.center}>
      <Card className={screen.panel}>
        <h1 className={screen.title}>
          {i18n._({ id: 'mf-account.login.title', message: 'Log in' })}
        </h1>
        <p className={screen.lead}>
          {i18n._({
            id: 'mf-account.login.lead',
            message: 'Welcome back. Pick up where you left off.',
          })}
        </p>
        <SubmitForm submit={submit} errorId="login-error">
          <EmailInput {...form.field('email')} />
          <PasswordInput
            label={i18n._({ id: 'mf-account.login.password', message: 'Password' })}
            autoComplete="current-password"
            required
            {...form.field('password')}
          />
          <SubmitButton
            pending={submit.pending}
            busyLabel={i18n._({ id: 'mf-account.login.busy', message: 'Logging in…' })}
          >
            {i18n._({ id: 'mf-account.login.submit', message: 'Log in' })}
          </SubmitButton>
        </SubmitForm>
        <SocialLogin />
        <div className={screen.links}>
          <Link to={paths.forgot()}>
            {i18n._({ id: 'mf-account.login.forgot', message: 'Forgot password?' })}
          </Link>
          <Link to={`${paths.signup()}${carry}`}>
            {i18n._({ id: 'mf-account.login.createAccount', message: 'Create an account' })}
          </Link>
        </div>
      </Card>
    </main>
  );
}
