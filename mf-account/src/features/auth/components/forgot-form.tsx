import { Link, useNavigate } from 'react-router-dom';
import { Card, paths, useI18n } from '@streamflix/shared';
import { forgotPassword } from '../api/forgot-password';
import { describeFailure, fieldErrorsFor } from '../../../lib/describe-failure';
import { useForm } from '../../../lib/use-form';
import { useSubmit } from '../../../lib/use-submit';
import { SubmitForm } from '../../../components/submit-form';
import { SubmitButton } from '../../../components/submit-button';
import { validateEmail } from '../validation';
import { EmailInput } from './email-input';
import screen from '../../../lib/screen.module.css';

const validate = (v: { email: string }) => ({ email: validateEmail(v.email) });

/** Step 1 of a password reset: ask for a code by email, then enter it on /verify. */
export function ForgotForm() {
  const i18n = useI18n();
  const navigate = useNavigate();
  const form = useForm({ email: '' }, validate);
  const submit = useSubmit(form.touchAll, async () => {
    const email = form.values.email.trim();
    const r = await forgotPassword(email);
    if (r.status) {
      navigate(`${paths.verify()}?mode=reset&email=${encodeURIComponent(email)}`);
      return;
    }
    form.setServerErrors(fieldErrorsFor(r, ['email'] as const));
    return describeFailure(r);
  });

  return (
    <main className={screen.center}>
      <Card className={screen.panel}>
        <h1 className={screen.title}>
          {i18n._({ id: 'mf-account.forgot.title', message: 'Reset your password' })}
        </h1>
        <p className={screen.lead}>
          {i18n._({
            id: 'mf-account.forgot.lead',
            message: 'Enter the email you signed up with. We will send you a six-digit code.',
          })}
        </p>
        <SubmitForm submit={submit} errorId="forgot-error">
          <EmailInput {...form.field('email')} />
          <SubmitButton
            pending={submit.pending}
            busyLabel={i18n._({ id: 'mf-account.forgot.busy', message: 'Sending…' })}
          >
            {i18n._({ id: 'mf-account.forgot.submit', message: 'Send code' })}
          </SubmitButton>
        </SubmitForm>
        <div className={screen.links}>
          <Link to={paths.login()}>
            {i18n._({ id: 'mf-account.forgot.backToLogin', message: 'Back to log in' })}
          </Link>
          <Link to={paths.verify()}>
            {i18n._({ id: 'mf-account.forgot.haveCode', message: 'I already have a code' })}
          </Link>
        </div>
      </Card>
    </main>
  );
}
