import { Link, useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { Trans } from '@lingui/react';
import {
  Button,
  buttonClassName,
  isSkipedAtom,
  paths,
  useI18n,
  useSession,
} from '@streamflix/shared';
import styles from './onboarding.module.css';

/** /welcome: the way in. Guests can skip sign-up and browse (spec: isSkiped). */
export function WelcomeScreen() {
  const i18n = useI18n();
  const navigate = useNavigate();
  const setSkipped = useSetAtom(isSkipedAtom);
  const { isLoggedIn, user } = useSession();

  if (isLoggedIn) {
    return (
      <main className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.heroTitle}>
            {user?.name
              ? i18n._({
                  id: 'mf-account.welcome.titleNamed',
                  message: 'Welcome, {name}',
                  values: { name: String(user.name) },
                })
              : i18n._({ id: 'mf-account.welcome.titleSignedIn', message: 'Welcome' })}
          </h1>
          <p className={styles.heroLead}>
            {i18n._({
              id: 'mf-account.welcome.leadSignedIn',
              message: 'Tell us what you like and your home screen will follow.',
            })}
          </p>
          <div className={styles.actions}>
            <Link className={buttonClassName('primary')} to={paths.interest()}>
              {i18n._({ id: 'mf-account.welcome.chooseGenres', message: 'Choose genres' })}
            </Link>
            <Link className={buttonClassName('secondary')} to={paths.home()}>
              {i18n._({ id: 'mf-account.welcome.goHome', message: 'Go to home' })}
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
        <h1 className={styles.heroTitle}>
          {i18n._({ id: 'mf-account.welcome.title', message: 'Welcome to unlimited stories' })}
        </h1>
        <p className={styles.heroLead}>
          {i18n._({
            id: 'mf-account.welcome.lead',
            message:
              'Movies and series, on every screen. Create an account to keep your list and pick up where you left off.',
          })}
        </p>
        <div className={styles.actions}>
          <Link className={buttonClassName('primary')} to={paths.signup()}>
            {i18n._({ id: 'mf-account.welcome.signUp', message: 'Sign up' })}
          </Link>
          <Link className={buttonClassName('secondary')} to={paths.login()}>
            {i18n._({ id: 'mf-account.welcome.logIn', message: 'Log in' })}
          </Link>
          <Button variant="ghost" onClick={skip}>
            {i18n._({ id: 'mf-account.welcome.skip', message: 'Skip for now' })}
          </Button>
        </div>
        <p className={styles.skipNote}>
          <Trans
            id="mf-account.welcome.skipNote"
            message="Skipping lets you browse as a guest. <0>Pick genres</0> and add titles to your list — they move to your account when you sign up."
            components={{ 0: <Link to={paths.interest()} /> }}
          />
        </p>
      </div>
    </main>
  );
}
