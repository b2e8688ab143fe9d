import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, Input, paths, track } from '@streamflix/shared';
import { describeFailure, fieldErrorsFor } from '../../../lib/describe-failure';
import { PASSWORD_HINT } from '../../../lib/password-hint';
import { useForm } from '../../../lib/use-form';
import { useReturnPath } from '../../../lib/return-path';
import { register } from '../api/register';
import { holdSession } from '../pending-session';
import { validateConfirm, validateEmail, validateName, validateNewPassword } from '../validation';
import { PasswordInput } from '../../../components/password-input';
import { PasswordRules } from './password-rules';
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
 * Create an account. The API signs the new viewer in at once and emails a
 * code; the next steps are verifying the email, then choosing genres.
 */
export function SignupForm({ heading = 'Sign up' }: { heading?: string }) {
  const navigate = useNavigate();
  const { next, carry } = useReturnPath();
  const form = useForm<keyof Fields>({ name: '', email: '', password: '', confirm: '' }, validate);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending || !form.touchAll()) return;
    setPending(true);
    setFormError(null);
    const r = await register(form.values);
    if (r.status) {
      track('sign_up', { method: 'email' });
      // A viewer on their way somewhere (paying for a plan) goes straight back there;
      // verifying the email is a banner, not a gate.
      holdSession(
        r.data,
        next ?? `${paths.verifyEmail()}?next=${encodeURIComponent(paths.interest())}`,
      );
      navigate(paths.register(), { replace: true });
      return;
    }
    setPending(false);
    const fieldErrors = fieldErrorsFor(r, ['name', 'email', 'password'] as const);
    form.setServerErrors(fieldErrors);
    setFormError(
      Object.keys(fieldErrors).length ? 'Please fix the highlighted fields.' : describeFailure(r),
    );
  };

  return (
    <main className={screen.center}>
      <Card className={screen.panel}>
        <h1 className={screen.title}>{heading}</h1>
        <p className={screen.lead}>Create your Streamflix account. It takes a minute.</p>
        <form className={screen.form} onSubmit={onSubmit} noValidate>
          {formError ? (
            <div className={screen.alert} role="alert">
              {formError}
            </div>
          ) : null}
          <Input label="Name" autoComplete="name" required {...form.field('name')} />
          <EmailInput autoComplete="email" {...form.field('email')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            hint={PASSWORD_HINT}
            {...form.field('password')}
          />
          <PasswordRules
            id="signup-password-rules"
            password={form.values.password}
            email={form.values.email}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.field('confirm')}
          />
          <p className={styles.fine}>
            By creating an account you agree to the{' '}
            <Link to={paths.terms()}>Terms and conditions</Link> and the{' '}
            <Link to={paths.privacyPolicy()}>Privacy policy</Link>.
          </p>
          <Button type="submit" className={screen.full} disabled={pending} aria-busy={pending}>
            {pending ? 'Creating your account…' : 'Create account'}
          </Button>
        </form>
        <SocialLogin />
        <div className={screen.links}>
          <span>
            Already have an account? <Link to={`${paths.login()}${carry}`}>Log in</Link>
          </span>
        </div>
      </Card>
    </main>
  );
}
