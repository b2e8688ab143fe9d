import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, ErrorState, Skeleton, logout, logoutAll, paths } from '@streamflix/shared';
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

/** /profile: who you are, your picture, your details, and every account screen. */
export function ProfileScreen({ emailVerification }: { emailVerification: ReactNode }) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [leaving, setLeaving] = useState<'one' | 'all' | null>(null);

  const signOut = async (all: boolean) => {
    setLeaving(all ? 'all' : 'one');
    if (all) await logoutAll();
    else await logout();
    navigate(paths.home(), { replace: true });
  };

  return (
    <main className={screen.wide}>
      <h1 className={screen.title}>Profile</h1>
      {user.isPending ? (
        <Skeleton height={240} label="Loading your profile" />
      ) : user.isError ? (
        <ErrorState message={user.error.message} onRetry={() => void user.refetch()} />
      ) : (
        <div className={styles.grid}>
          <Card>
            <div className={styles.header}>
              {user.data.avatarUrl ? (
                <img
                  className={styles.avatar}
                  src={apiAssetUrl(user.data.avatarUrl)}
                  alt="Your profile picture"
                />
              ) : (
                <span className={styles.avatar} aria-hidden="true">
                  {initials(user.data.name)}
                </span>
              )}
              <div className={styles.identity}>
                <p className={styles.name}>{user.data.name}</p>
                <p className={screen.muted}>{user.data.email}</p>
                <span
                  className={`${styles.badge} ${user.data.emailVerified ? styles.verified : styles.unverified}`}
                >
                  {user.data.emailVerified ? 'Email verified' : 'Email not verified'}
                </span>{' '}
                {user.data.isPremium ? <span className={styles.badge}>Premium</span> : null}
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
            <ProfileForm user={user.data} />
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
              <li>
                <Link to={paths.notifications()}>Notifications</Link>
              </li>
              <li>
                <Link to={paths.general()}>Settings</Link>
              </li>
              <li>
                <Link to={paths.changePassword()}>Change password</Link>
              </li>
              <li>
                <Link to={paths.interest()}>Your genres</Link>
              </li>
              <li>
                <Link to={paths.manageSubscription()}>Manage subscription</Link>
              </li>
              <li>
                <Link to={paths.privacyPolicy()}>Privacy policy</Link>
              </li>
              <li>
                <Link to={paths.terms()}>Terms and conditions</Link>
              </li>
            </ul>
            <div className={`${screen.row} ${screen.section}`}>
              <Button
                variant="secondary"
                disabled={leaving !== null}
                aria-busy={leaving === 'one'}
                onClick={() => void signOut(false)}
              >
                {leaving === 'one' ? 'Signing out…' : 'Sign out'}
              </Button>
              <Button
                variant="ghost"
                disabled={leaving !== null}
                aria-busy={leaving === 'all'}
                onClick={() => void signOut(true)}
              >
                {leaving === 'all' ? 'Signing out everywhere…' : 'Sign out of all devices'}
              </Button>
            </div>
          </Card>
        </div>
      )}
    </main>
  );
}
