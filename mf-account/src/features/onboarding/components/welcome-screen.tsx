import { Link, useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { Button, buttonClassName, isSkipedAtom, paths, useSession } from '@streamflix/shared';
import styles from './onboarding.module.css';

/** /welcome: the way in. Guests can skip sign-up and browse (spec: isSkiped). */
export function WelcomeScreen() {
  const navigate = useNavigate();
  const setSkipped = useSetAtom(isSkipedAtom);
  const { isLoggedIn, user } = useSession();

  if (isLoggedIn) {
    return (
      <main className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.heroTitle}>Welcome{user?.name ? `, ${String(user.name)}` : ''}</h1>
          <p className={styles.heroLead}>Tell us what you like and your home screen will follow.</p>
          <div className={styles.actions}>
            <Link className={buttonClassName('primary')} to={paths.interest()}>
              Choose genres
            </Link>
            <Link className={buttonClassName('secondary')} to={paths.home()}>
              Go to home
            </Link>
          </div>
        </div>
      </main>
    );
  }

  const skip = () => {
    setSkipped(true);
    navigate(paths.skipList());
  };

  return (
    <main className={styles.hero}>
      <div className={styles.heroInner}>
        <h1 className={styles.heroTitle}>Welcome to unlimited stories</h1>
        <p className={styles.heroLead}>
          Movies and series, on every screen. Create an account to keep your list and pick up where
          you left off.
        </p>
        <div className={styles.actions}>
          <Link className={buttonClassName('primary')} to={paths.signup()}>
            Sign up
          </Link>
          <Link className={buttonClassName('secondary')} to={paths.login()}>
            Log in
          </Link>
          <Button variant="ghost" onClick={skip}>
            Skip for now
          </Button>
        </div>
        <p className={styles.skipNote}>
          Skipping lets you browse as a guest. <Link to={paths.interest()}>Pick genres</Link> and
          add titles to your list — they move to your account when you sign up.
        </p>
      </div>
    </main>
  );
}
