import { NavLink, Link, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Button, buttonClassName, isLoggedInAtom, logout, paths } from '@streamflix/shared';
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
              <NavLink
                to={paths.notifications()}
                className={buttonClassName('ghost')}
                aria-label="Notifications"
              >
                <svg
                  className={styles.icon}
                  aria-hidden="true"
                  width="20"
                  height="20"
                  viewBox="0 0 24 24"
                  fill="currentColor"
                >
                  <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z" />
                </svg>
                <span className={styles.wideOnly}>Notifications</span>
              </NavLink>
              <NavLink to={paths.profile()} className={buttonClassName('ghost')}>
                Profile
              </NavLink>
              <Button variant="secondary" onClick={onLogout}>
                Log out
              </Button>
            </>
          ) : (
            <>
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
