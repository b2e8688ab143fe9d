import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  Button,
  type ButtonProps,
  Card,
  QueryState,
  Skeleton,
  logout,
  logoutAll,
  paths,
} from '@streamflix/shared';
import { apiAssetUrl } from '../../../lib/api-asset-url';
import { useCurrentUser } from '../../../api/get-current-user';
import { AvatarUpload } from './avatar-upload';
import { ProfileForm } from './profile-form';
import screen from '../../../lib/screen.module.css';
import styles from './profile.module.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('') || '?';

/** Every other account screen, linked from the profile. */
const ACCOUNT_SCREENS: Array<[to: () => string, label: string]> = [
  [paths.notifications, 'Notifications'],
  [paths.general, 'Settings'],
  [paths.changePassword, 'Change password'],
  [paths.interest, 'Your genres'],
  [paths.manageSubscription, 'Manage subscription'],
  [paths.privacyPolicy, 'Privacy policy'],
  [paths.terms, 'Terms and conditions'],
];

type SignOutScope = 'one' | 'all';

/** This device only, or every session of the account. */
const SIGN_OUTS: Array<{
  scope: SignOutScope;
  variant: ButtonProps['variant'];
  label: string;
  busyLabel: string;
}> = [
  { scope: 'one', variant: 'secondary', label: 'Sign out', busyLabel: 'Signing out…' },
  {
    scope: 'all',
    variant: 'ghost',
    label: 'Sign out of all devices',
    busyLabel: 'Signing out everywhere…',
  },
];

/** /profile: who you are, your picture, your details, and every account screen. */
export function ProfileScreen({ emailVerification }: { emailVerification: ReactNode }) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [leaving, setLeaving] = useState<SignOutScope | null>(null);

  const signOut = async (scope: SignOutScope) => {
    setLeaving(scope);
    if (scope === 'all') await logoutAll();
    else await logout();
    navigate(paths.home(), { replace: true });
  };

  return (
    <main className={screen.wide}>
      <h1 className={screen.title}>Profile</h1>
      <QueryState query={user} pending={<Skeleton height={240} label="Loading your profile" />}>
        {(me) => (
          <div className={styles.grid}>
            <Card>
              <div className={styles.header}>
                {me.avatarUrl ? (
                  <img
                    className={styles.avatar}
                    src={apiAssetUrl(me.avatarUrl)}
                    alt="Your profile picture"
                  />
                ) : (
                  <span className={styles.avatar} aria-hidden="true">
                    {initials(me.name)}
                  </span>
                )}
                <div className={styles.identity}>
                  <p className={styles.name}>{me.name}</p>
                  <p className={screen.muted}>{me.email}</p>
                  <span
                    className={`${styles.badge} ${me.emailVerified ? styles.verified : styles.unverified}`}
                  >
                    {me.emailVerified ? 'Email verified' : 'Email not verified'}
                  </span>{' '}
                  {me.isPremium ? <span className={styles.badge}>Premium</span> : null}
                </div>
              </div>
              <div className={screen.section}>
                <AvatarUpload />
              </div>
            </Card>

            <Card aria-labelledby="profile-details">
              <h2 id="profile-details" className={screen.sectionTitle}>
                Your details
              </h2>
              <ProfileForm user={me} />
            </Card>

            <Card aria-labelledby="profile-email">
              <h2 id="profile-email" className={screen.sectionTitle}>
                Email verification
              </h2>
              {emailVerification}
            </Card>

            <Card aria-labelledby="profile-more">
              <h2 id="profile-more" className={screen.sectionTitle}>
                Account
              </h2>
              <ul className={styles.nav}>
                {ACCOUNT_SCREENS.map(([to, label]) => (
                  <li key={label}>
                    <Link to={to()}>{label}</Link>
                  </li>
                ))}
              </ul>
              <div className={`${screen.row} ${screen.section}`}>
                {SIGN_OUTS.map((o) => (
                  <Button
                    key={o.scope}
                    variant={o.variant}
                    disabled={leaving !== null}
                    aria-busy={leaving === o.scope}
                    onClick={() => void signOut(o.scope)}
                  >
                    {leaving === o.scope ? o.busyLabel : o.label}
                  </Button>
                ))}
              </div>
            </Card>
          </div>
        )}
      </QueryState>
    </main>
  );
}
