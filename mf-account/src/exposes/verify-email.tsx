import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Card, buttonClassName, paths } from '@streamflix/shared';
import { EmailVerification } from '../features/auth/components/email-verification';
import screen from '../lib/screen.module.css';

/** /verify-email (the spec's /email-varify), for accounts not verified yet (sign-up verifies with its own code). `?next=` continues after it. */
export default function VerifyEmail() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('next');
  // Only in-app paths: an open redirect would let a link send viewers anywhere.
  const next = raw && raw.startsWith('/') && !raw.startsWith('//') ? raw : null;
  return (
    <main className={screen.center}>
      <Card className={screen.panel}>
        <h1 className={screen.title}>Verify your email</h1>
        <p className={screen.lead}>
          Verifying lets us reach you about your account and reset your password safely.
        </p>
        <EmailVerification
          onVerified={next ? () => navigate(next, { replace: true }) : undefined}
        />
        <div className={screen.links}>
          {next ? (
            <Link className={buttonClassName('ghost')} to={next}>
              Skip for now
            </Link>
          ) : (
            <Link to={paths.profile()}>Back to profile</Link>
          )}
        </div>
      </Card>
    </main>
  );
}
