import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, paths } from '@streamflix/shared';
import { forgotPassword } from '../api/forgot-password';
import { describeFailure, fieldErrorsFor } from '../../../lib/describe-failure';
import { useForm } from '../../../lib/use-form';
import { validateEmail } from '../validation';
import { EmailInput } from './email-input';
import screen from '../../../lib/screen.module.css';

const validate = (v: { email: string }) => ({ email: validateEmail(v.email) });

/** Step 1 of a password reset: ask for a code by email, then enter it on /verify. */
export function ForgotForm() {
  const navigate = useNavigate();
  const form = useForm({ email: '' }, validate);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  // A refused request moves focus to the message, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (formError) errorRef.current?.focus();
  }, [formError]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending || !form.touchAll()) return;
    setPending(true);
    setFormError(null);
    const email = form.values.email.trim();
    const r = await forgotPassword(email);
    if (r.status) {
      navigate(`${paths.verify()}?mode=reset&email=${encodeURIComponent(email)}`);
      return;
    }
    setPending(false);
    form.setServerErrors(fieldErrorsFor(r, ['email'] as const));
    setFormError(describeFailure(r));
  };

  return (
    <main className={screen.center}>
      <Card className={screen.panel}>
        <h1 className={screen.title}>Reset your password</h1>
        <p className={screen.lead}>
          Enter the email you signed up with. We will send you a six-digit code.
        </p>
        <form
          className={screen.form}
          onSubmit={onSubmit}
          noValidate
          aria-describedby={formError ? 'forgot-error' : undefined}
        >
          {formError ? (
            <div
              id="forgot-error"
              ref={errorRef}
              tabIndex={-1}
              className={screen.alert}
              role="alert"
            >
              {formError}
            </div>
          ) : null}
          <EmailInput {...form.field('email')} />
          {/* aria-disabled, not disabled: a disabled button drops the focus to the page body. */}
          <Button type="submit" className={screen.full} aria-disabled={pending} aria-busy={pending}>
            {pending ? 'Sending…' : 'Send code'}
          </Button>
        </form>
        <div className={screen.links}>
          <Link to={paths.login()}>Back to log in</Link>
          <Link to={paths.verify()}>I already have a code</Link>
        </div>
      </Card>
    </main>
  );
}
