import { Link, useNavigate } from 'react-router-dom';
import { Card, paths } from '@streamflix/shared';
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
        <h1 className={screen.title}>Log in</h1>
        <p className={screen.lead}>Welcome back. Pick up where you left off.</p>
        <SubmitForm submit={submit} errorId="login-error">
          <EmailInput {...form.field('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.field('password')}
          />
          <SubmitButton pending={submit.pending} busyLabel="Logging in…">
            Log in
          </SubmitButton>
        </SubmitForm>
        <SocialLogin />
        <div className={screen.links}>
          <Link to={paths.forgot()}>Forgot password?</Link>
          <Link to={`${paths.signup()}${carry}`}>Create an account</Link>
        </div>
      </Card>
    </main>
  );
}
