import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Card, paths, useSession } from '@streamflix/shared';
import { SignupForm } from '../features/auth/components/signup-form';
import { startHeldSession } from '../features/auth/pending-session';
import screen from '../lib/screen.module.css';

/** /register is the sign-up flow; a signed-in viewer (it is in both route sets) gets their next steps instead. */
export default function Register() {
  const { isLoggedIn, user } = useSession();
  const navigate = useNavigate();
  const { key } = useLocation();
  // A sign-up just finished (here or on /signup): start its session and move on together.
  useEffect(() => {
    startHeldSession((next) => navigate(next, { replace: true }));
  }, [key, navigate]);
  if (!isLoggedIn) return <SignupForm heading="Register" />;
  return (
    <main className={screen.center}>
      <Card className={screen.panel}>
        <h1 className={screen.title}>Register</h1>
        <p className={screen.lead}>
          You already have an account{user?.email ? ` (${user.email})` : ''}. Finish setting it up:
        </p>
        <ul>
          <li>
            <Link to={paths.verifyEmail()}>Verify your email</Link>
          </li>
          <li>
            <Link to={paths.interest()}>Choose the genres you like</Link>
          </li>
          <li>
            <Link to={paths.profile()}>Edit your profile</Link>
          </li>
        </ul>
      </Card>
    </main>
  );
}
