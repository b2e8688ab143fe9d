import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Card, paths, useSession, useCatalogs, useI18n } from '@streamflix/shared';
import { SignupForm } from '../features/auth/components/signup-form';
import { startHeldSession } from '../features/auth/pending-session';
import screen from '../lib/screen.module.css';
import { catalogs } from '../locales/catalogs';
import { authCatalogs } from '../features/auth/locales/catalogs';

/** /register is the sign-up flow; a signed-in viewer (it is in both route sets) gets their next steps instead. */
export default function Register() {
  useCatalogs(catalogs);
  useCatalogs(authCatalogs);
  const i18n = useI18n();
  const { isLoggedIn, user } = useSession();
  const navigate = useNavigate();
  const { key } = useLocation();
  // A sign-up just finished (here or on /signup): start its session and move on together.
  useEffect(() => {
    startHeldSession((next) => navigate(next, { replace: true }));
  }, [key, navigate]);
  if (!isLoggedIn)
    return (
      <SignupForm heading={i18n._({ id: 'mf-account.register.heading', message: 'Register' })} />
    );
  return (
    <main className={screen.center}>
      <Card className={screen.panel}>
        <h1 className={screen.title}>
          {i18n._({ id: 'mf-account.register.heading', message: 'Register' })}
        </h1>
        <p className={screen.lead}>
          {user?.email
            ? i18n._({
                id: 'mf-account.register.alreadyWithEmail',
                message: 'You already have an account ({email}). Finish setting it up:',
                values: { email: user.email },
              })
            : i18n._({
                id: 'mf-account.register.already',
                message: 'You already have an account. Finish setting it up:',
              })}
        </p>
        <ul>
          <li>
            <Link to={paths.verifyEmail()}>
              {i18n._({ id: 'mf-account.register.verifyEmail', message: 'Verify your email' })}
            </Link>
          </li>
          <li>
            <Link to={paths.interest()}>
              {i18n._({ id: 'mf-account.register.genres', message: 'Choose the genres you like' })}
            </Link>
          </li>
          <li>
            <Link to={paths.profile()}>
              {i18n._({ id: 'mf-account.register.editProfile', message: 'Edit your profile' })}
            </Link>
          </li>
        </ul>
      </Card>
    </main>
  );
}
