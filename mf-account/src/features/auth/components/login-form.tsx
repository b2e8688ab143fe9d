import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, paths } from '@streamflix/shared';
import { describeFailure, fieldErrorsFor } from '../../../lib/describe-failure';
import { useForm } from '../../../lib/use-form';
import { useReturnPath } from '../../../lib/return-path';
import { signIn } from '../api/sign-in';
import { validateEmail, validateLoginPassword } from '../validation';
import { PasswordInput } from '../../../components/password-input';
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
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  // A refused login moves focus to the message, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (formError) errorRef.current?.focus();
  }, [formError]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending || !form.touchAll()) return;
    setPending(true);
    setFormError(null);
    const result = await signIn(form.values.email, form.values.password, () =>
      navigate(next ?? paths.home(), { replace: true }),
    );
    if (result.status) return;
    setPending(false);
    // Spec §8: a 403 or status:false hands back the body; describeFailure shows its message.
    setFormError(describeFailure(result));
    form.setServerErrors(fieldErrorsFor(result, ['email', 'password'] as const));
  };

  return (
    <main className={screen.center}>
      <Card className={screen.panel}>
        <h1 className={screen.title}>Log in</h1>
        <p className={screen.lead}>Welcome back. Pick up where you left off.</p>
        <form
          className={screen.form}
          onSubmit={onSubmit}
          noValidate
          aria-describedby={formError ? 'login-error' : undefined}
        >
          {formError ? (
            <div
              id="login-error"
              ref={errorRef}
              tabIndex={-1}
              className={screen.alert}
              role="alert"
            >
              {formError}
            </div>
          ) : null}
          <EmailInput {...form.field('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.field('password')}
          />
          {/* aria-disabled, not disabled: a disabled button drops the focus to the page body. */}
          <Button type="submit" className={screen.full} aria-disabled={pending} aria-busy={pending}>
            {pending ? 'Logging in…' : 'Log in'}
          </Button>
        </form>
        <SocialLogin />
        <div className={screen.links}>
          <Link to={paths.forgot()}>Forgot password?</Link>
          <Link to={`${paths.signup()}${carry}`}>Create an account</Link>
        </div>
      </Card>
    </main>
  );
}
