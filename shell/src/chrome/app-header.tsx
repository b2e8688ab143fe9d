import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, Link, useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  buttonClassName,
  isKidsProfileRefusal,
  isLoggedInAtom,
  logout,
  paths,
  useActiveProfile,
  userIdAtom,
  viewerQuery,
  MenuIcon,
} from '@streamflix/shared';
import { DeferredCountryPicker } from './deferred-chrome';
import { ProfileLink } from './profile-link';
import { NotificationsLink } from './notifications-link';
import { HelpButton } from './help-button';
import { KidsSignOutDialog } from './kids-sign-out-dialog';
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

/**
 * One row on every width and in every language: the brand, the sections (a strip that scrolls
 * sideways when its labels have no room, instead of wrapping) and the account's actions. Below wide
 * desktops Account moves into a More menu; on a phone the less used actions (the plan, Account,
 * Log out; a guest's country and Sign up) live there too, so the header stays one slim row above the
 * product. e2e/tests/header-layout.spec.ts holds it to one row at 1280 px with 30% longer labels.
 */
export function AppHeader() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const profile = useActiveProfile();
  const kids = loggedIn && !!profile?.kids;
  const navigate = useNavigate();
  const nav = loggedIn ? loggedInNav : guestNav;

  // A kids profile signs out only with the account password (the API refuses otherwise).
  const [askingPassword, setAskingPassword] = useState(false);
  const signedOut = () => {
    setAskingPassword(false);
    void import('react-toastify').then(({ toast }) => toast.info('You are logged out.'));
    navigate(paths.home());
  };
  const onLogout = async () => {
    if (kids) return setAskingPassword(true);
    const result = await logout();
    // The device's profile became a kids one elsewhere: the server says so, and the device stays.
    if (isKidsProfileRefusal(result)) return setAskingPassword(true);
    signedOut();
  };

  const profileLink = <ProfileLink profile={profile} kids={kids} nameClassName={styles.wideOnly} />;

  return (
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
      <div className={styles.account}>
        {/* The language menu goes here (issue 37, point 3); the header's layout keeps room for it. */}
        <span className={styles.languageSlot} data-slot="language-menu" />
        <HelpButton />
        {loggedIn ? (
          <>
            <NotificationsLink />
            {kids ? null : (
              <span className={styles.wideOnly}>
                <PlanLink />
              </span>
            )}
            {kids ? null : (
              <NavLink
                to={paths.profile()}
                className={`${buttonClassName('ghost')} ${styles.wideOnly} ${styles.roomyOnly}`}
              >
                Account
              </NavLink>
            )}
            {profileLink}
            <Button variant="secondary" onClick={onLogout} className={styles.wideOnly}>
              Log out
            </Button>
            <MoreMenu wide={!kids}>
              {kids ? null : (
                <span className={styles.phoneOnly}>
                  <PlanLink />
                </span>
              )}
              {kids ? null : (
                <NavLink to={paths.profile()} className={buttonClassName('ghost')}>
                  Account
                </NavLink>
              )}
              <Button variant="secondary" onClick={onLogout} className={styles.phoneOnly}>
                Log out
              </Button>
            </MoreMenu>
          </>
        ) : (
          <>
            <span className={styles.wideOnly}>
              <DeferredCountryPicker />
            </span>
            <Link to={paths.login()} className={buttonClassName('ghost')}>
              Log in
            </Link>
            <Link
              to={paths.signup()}
              className={`${buttonClassName('primary')} ${styles.wideOnly}`}
            >
              Sign up
            </Link>
            <MoreMenu>
              <Link to={paths.signup()} className={buttonClassName('primary')}>
                Sign up
              </Link>
              <DeferredCountryPicker />
            </MoreMenu>
          </>
        )}
      </div>
      {askingPassword ? (
        <KidsSignOutDialog
          profileName={profile?.name ?? 'This'}
          onCancel={() => setAskingPassword(false)}
          onSignedOut={signedOut}
        />
      ) : null}
    </header>
  );
}

/**
 * Phones: a disclosure with what the row has no room for. Escape, a click elsewhere or a route change
 * closes it; focus goes back to its button on Escape.
 */
function MoreMenu({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!panel.current?.contains(e.target as Node) && e.target !== button.current) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);
  return (
    <span className={`${styles.more} ${wide ? styles.moreBelowRoomy : ''}`}>
      <button
        ref={button}
        type="button"
        className={`${buttonClassName('ghost')} ${styles.moreButton}`}
        aria-expanded={open}
        aria-controls={id}
        aria-label="More"
        onClick={() => setOpen((o) => !o)}
      >
        <MenuIcon />
      </button>
      {open ? (
        <div
          ref={panel}
          id={id}
          className={styles.morePanel}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setOpen(false);
              button.current?.focus();
            }
          }}
        >
          {children}
        </div>
      ) : null}
    </span>
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
