import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Card, buttonClassName, paths, useCatalogs, useI18n } from '@streamflix/shared';
import { EmailVerification } from '../features/auth/components/email-verification';
import screen from '../lib/screen.module.css';
import { catalogs } from '../locales/catalogs';
import { authCatalogs } from '../features/auth/locales/catalogs';

/** /verify-email (the spec's /email-varify), for accounts not verified yet (sign-up verifies with its own code). `?next=` continues after it. */
export default function VerifyEmail() {
  useCatalogs(catalogs);
  useCatalogs(authCatalogs);
  const i18n = useI18n();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('next');
  // Only in-app paths: an open redirect would let a link send viewers anywhere.
  const next = raw && raw.startsWith('/') && !raw.startsWith('//') ? raw : null;
  return (
    <main className={screen.center}>
      <Card className={screen.panel}>
        <h1 className={screen.title}>
          {i18n._({ id: 'mf-account.verifyEmail.title', message: 'Verify your email' })}
        </h1>
        <p className={screen.lead}>
          {i18n._({
            id: 'mf-account.verifyEmail.lead',
            message:
              'Verifying lets us reach you about your account and reset your password safely.',
          })}
        </p>
        <EmailVerification
          onVerified={next ? () => navigate(next, { replace: true }) : undefined}
        />
        <div className={screen.links}>
          {next ? (
            <Link className={buttonClassName('ghost')} to={next}>
              {i18n._({ id: 'mf-account.verifyEmail.skip', message: 'Skip for now' })}
            </Link>
          ) : (
            <Link to={paths.profile()}>
              {i18n._({ id: 'mf-account.verifyEmail.backToProfile', message: 'Back to profile' })}
            </Link>
          )}
        </div>
      </Card>
    </main>
  );
}
