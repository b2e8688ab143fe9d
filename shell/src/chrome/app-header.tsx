import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, Link, useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  buttonClassName,
  isKidsProfileRefusal,
  isLoggedInAtom,
  LanguageMenu,
  logout,
  on,
  paths,
  useActiveProfile,
  useI18n,
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

// Labels are translated when the header renders (the language may change after this module loads).
const navLabels = (i18n: ReturnType<typeof useI18n>) => ({
  home: i18n._({ id: 'shell.header.nav.home', message: 'Home' }),
  explore: i18n._({ id: 'shell.header.nav.explore', message: 'Explore' }),
  series: i18n._({ id: 'shell.header.nav.series', message: 'Series' }),
  trending: i18n._({ id: 'shell.header.nav.trending', message: 'Trending' }),
  newReleases: i18n._({ id: 'shell.header.nav.newReleases', message: 'New releases' }),
  myList: i18n._({ id: 'shell.header.nav.myList', message: 'My List' }),
  browse: i18n._({ id: 'shell.header.nav.browse', message: 'Browse' }),
  plans: i18n._({ id: 'shell.header.nav.plans', message: 'Plans' }),
});

type NavItem = { to: string; label: keyof ReturnType<typeof navLabels>; end?: boolean };

const loggedInNav: NavItem[] = [
  { to: paths.home(), label: 'home', end: true },
  { to: paths.explore(), label: 'explore' },
  { to: paths.series(), label: 'series' },
  { to: paths.trending(), label: 'trending' },
  { to: paths.newReleases(), label: 'newReleases' },
  { to: paths.myList(), label: 'myList' },
];

const guestNav: NavItem[] = [
  { to: paths.home(), label: 'home', end: true },
  { to: paths.skipList(), label: 'browse' },
  { to: paths.skipExplore(), label: 'explore' },
  { to: paths.subscription(), label: 'plans' },
];

/**
 * One row on every width and in every language: the brand, the sections (a strip that scrolls
 * sideways when its labels have no room, instead of wrapping) and the account's actions. Below wide
 * desktops Account moves into a More menu; on a phone the less used actions (the plan, Account,
 * Log out; a guest's country and Sign up) live there too, so the header stays one slim row above the
 * product. e2e/tests/header-layout.spec.ts holds it to one row at 1280 px with 30% longer labels.
 */
export function AppHeader() {
  const i18n = useI18n();
  const labels = navLabels(i18n);
  const loggedIn = useAtomValue(isLoggedInAtom);
  const profile = useActiveProfile();
  const kids = loggedIn && !!profile?.kids;
  const navigate = useNavigate();
  const nav = loggedIn ? loggedInNav : guestNav;

  // A kids profile signs out only with the account password (the API refuses otherwise).
  const [askingPassword, setAskingPassword] = useState(false);
  const signedOut = () => {
    setAskingPassword(false);
    void import('react-toastify').then(({ toast }) =>
      toast.info(i18n._({ id: 'shell.header.loggedOut', message: 'You are logged out.' })),
    );
    navigate(paths.home());
  };
  // Another screen's sign-out (mf-account's profile screen) was refused for a kids profile.
  useEffect(() => on('session:kids-password-needed', () => setAskingPassword(true)), []);
  const onLogout = async () => {
    if (kids) return setAskingPassword(true);
    const result = await logout();
    // The device's profile became a kids one elsewhere: the server says so, and the device stays.
    if (isKidsProfileRefusal(result)) return setAskingPassword(true);
    signedOut();
  };

  const profileLink = (
    <ProfileLink
      profile={profile}
      kids={kids}
      nameClassName={`${styles.wideOnly} ${styles.roomyOnly}`}
    />
  );

  return (
    <header className={styles.header}>
      <Link
        to="/"
        className={styles.brand}
        aria-label={i18n._({ id: 'shell.header.brandHome', message: 'Streamflix home' })}
      >
        STREAMFLIX
      </Link>
      <nav
        className={styles.nav}
        aria-label={i18n._({ id: 'shell.header.mainNav', message: 'Main' })}
      >
        <ul>
          {nav.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end}>
                {labels[item.label]}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.account}>
        {/* Signed in, below wide desktops the row has no room for it: it is in More there. */}
        <span
          className={`${styles.languageSlot} ${styles.wideOnly} ${loggedIn && !kids ? styles.roomyOnly : ''}`}
          data-slot="language-menu"
        >
          <LanguageMenu compact />
        </span>
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
                {i18n._({ id: 'shell.header.account', message: 'Account' })}
              </NavLink>
            )}
            {profileLink}
            <Button variant="secondary" onClick={onLogout} className={styles.wideOnly}>
              {i18n._({ id: 'shell.header.logOut', message: 'Log out' })}
            </Button>
            <MoreMenu wide={!kids}>
              {kids ? null : (
                <span className={styles.phoneOnly}>
                  <PlanLink />
                </span>
              )}
              {kids ? null : (
                <NavLink to={paths.profile()} className={buttonClassName('ghost')}>
                  {i18n._({ id: 'shell.header.account', message: 'Account' })}
                </NavLink>
              )}
              <Button variant="secondary" onClick={onLogout} className={styles.phoneOnly}>
                {i18n._({ id: 'shell.header.logOut', message: 'Log out' })}
              </Button>
              <LanguageMenu compact />
            </MoreMenu>
          </>
        ) : (
          <>
            <span className={styles.wideOnly}>
              <DeferredCountryPicker />
            </span>
            <Link to={paths.login()} className={buttonClassName('ghost')}>
              {i18n._({ id: 'shell.header.logIn', message: 'Log in' })}
            </Link>
            <Link
              to={paths.signup()}
              className={`${buttonClassName('primary')} ${styles.wideOnly}`}
            >
              {i18n._({ id: 'shell.header.signUp', message: 'Sign up' })}
            </Link>
            <MoreMenu>
              <Link to={paths.signup()} className={buttonClassName('primary')}>
                {i18n._({ id: 'shell.header.signUp', message: 'Sign up' })}
              </Link>
              <DeferredCountryPicker />
              <LanguageMenu compact />
            </MoreMenu>
          </>
        )}
      </div>
      {askingPassword ? (
        <KidsSignOutDialog
          profileName={profile?.name ?? i18n._({ id: 'shell.header.thisProfile', message: 'This' })}
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
  const i18n = useI18n();
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
        aria-label={i18n._({ id: 'shell.header.more', message: 'More' })}
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
  const i18n = useI18n();
  const userId = useAtomValue(userIdAtom);
  const { data: user } = useQuery(viewerQuery(userId));
  if (!user) return null;
  if (user.plan && user.isPremium)
    return (
      <NavLink
        to={paths.manageSubscription()}
        className={`${buttonClassName('ghost')} ${styles.plan}`}
        aria-label={i18n._({
          id: 'shell.header.planManage',
          message: 'Your plan: {plan}. Manage subscription',
          values: { plan: user.plan.name },
        })}
      >
        {user.plan.name}
      </NavLink>
    );
  return (
    <NavLink to={paths.subscription()} className={`${buttonClassName('ghost')} ${styles.upgrade}`}>
      {i18n._({ id: 'shell.header.upgrade', message: 'Upgrade' })}
    </NavLink>
  );
}
