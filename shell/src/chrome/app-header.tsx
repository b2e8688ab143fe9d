import { NavLink, Link, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  buttonClassName,
  isLoggedInAtom,
  logout,
  paths,
  useActiveProfile,
  userIdAtom,
  viewerQuery,
} from '@streamflix/shared';
import { ProfileAvatar } from '../households/profile-avatar';
import householdStyles from '../households/households.module.css';
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
  const profile = useActiveProfile();
  const kids = loggedIn && !!profile?.kids;
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
            {loggedIn && !kids ? (
              // Phones: the account row has no room left, so the plan leads the sections row.
              <li className={styles.phoneOnly}>
                <PlanLink />
              </li>
            ) : null}
          </ul>
        </nav>
        <span className={styles.spacer} />
        <div className={styles.account}>
          {loggedIn ? (
            <>
              <NotificationsLink />
              {kids ? null : (
                <>
                  <span className={styles.wideOnly}>
                    <PlanLink />
                  </span>
                  <NavLink to={paths.profile()} className={buttonClassName('ghost')}>
                    Account
                  </NavLink>
                </>
              )}
              <NavLink
                to="/profiles"
                className={`${buttonClassName('ghost')} ${householdStyles.profileButton}`}
                aria-label={
                  profile
                    ? `Watching as ${profile.name}${kids ? ', kids profile' : ''}. Switch profile`
                    : 'Switch profile'
                }
              >
                {profile ? (
                  <>
                    <ProfileAvatar
                      name={profile.name}
                      avatar={profile.avatar}
                      avatarUrl={profile.avatarUrl}
                      size="small"
                    />
                    <span className={styles.wideOnly}>{profile.name}</span>
                    {kids ? <span className={householdStyles.kidsBadge}>Kids</span> : null}
                  </>
                ) : (
                  'Profiles'
                )}
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

/**
 * The viewer's plan (to manage it) or an Upgrade link. It reads the shared
 * viewer query, so a payment elsewhere updates it without a reload.
 */
function PlanLink() {
  const userId = useAtomValue(userIdAtom);
  const { data: user } = useQuery(viewerQuery(userId));
  if (!user) return null;
  if (user.plan && user.isPremium)
    return (
      <NavLink
        to={paths.manageSubscription()}
        className={`${buttonClassName('ghost')} ${styles.plan}`}
        aria-label={`Your plan: ${user.plan.name}. Manage subscription`}
      >
        {user.plan.name}
      </NavLink>
    );
  return (
    <NavLink to={paths.subscription()} className={`${buttonClassName('ghost')} ${styles.upgrade}`}>
      Upgrade
    </NavLink>
  );
}
