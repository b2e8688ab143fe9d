import { NavLink, Link, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Button, buttonClassName, isLoggedInAtom, logout, paths } from '@streamflix/shared';
import { DeferredCountryPicker } from '../platform/deferred-chrome';
import { NotificationsLink } from './notifications-link';
import styles from './app-header.module.css';

const loggedInNav = [
  { to: paths.home(), label: 'Home', end: true },
  { to: paths.explore(), label: 'Explore' },
  { to: paths.series(), label: 'Series' },
  { to: paths.trending(), label: 'Trending' },
  { to: paths.newReleases(), label: 'New releases' },
  { to: paths.myList(), label: 'My List' },
];

const guestNav = [
  { to: paths.home(), label: 'Home', end: true },
  { to: paths.skipList(), label: 'Browse' },
  { to: paths.skipExplore(), label: 'Explore' },
  { to: paths.subscription(), label: 'Plans' },
];

export function AppHeader() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const navigate = useNavigate();
  const nav = loggedIn ? loggedInNav : guestNav;

  const onLogout = async () => {
    await logout();
    void import('react-toastify').then(({ toast }) => toast.info('You are logged out.'));
    navigate(paths.home());
  };

  return (
    <>
      <a className={styles.skip} href="#main-content">
        Skip to content
      </a>
      <header className={styles.header}>
        <Link to="/" className={styles.brand} aria-label="Streamflix home">
          STREAMFLIX
        </Link>
        <nav className={styles.nav} aria-label="Main">
          <ul>
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <span className={styles.spacer} />
        <div className={styles.account}>
          {loggedIn ? (
            <>
              <NotificationsLink />
              <NavLink to={paths.profile()} className={buttonClassName('ghost')}>
                Profile
              </NavLink>
              <Button variant="secondary" onClick={onLogout}>
                Log out
              </Button>
            </>
          ) : (
            <>
              <DeferredCountryPicker />
              <Link to={paths.login()} className={buttonClassName('ghost')}>
                Log in
              </Link>
              <Link to={paths.signup()} className={buttonClassName('primary')}>
                Sign up
              </Link>
            </>
          )}
        </div>
      </header>
    </>
  );
}
