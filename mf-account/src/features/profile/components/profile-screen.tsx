import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  Button,
  type ButtonProps,
  Card,
  QueryState,
  Skeleton,
  emit,
  isKidsProfileRefusal,
  logout,
  logoutAll,
  paths,
  useI18n,
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
const ACCOUNT_SCREENS = [
  ['notifications', paths.notifications],
  ['general', paths.general],
  ['changePassword', paths.changePassword],
  ['interest', paths.interest],
  ['manageSubscription', paths.manageSubscription],
  ['privacyPolicy', paths.privacyPolicy],
  ['terms', paths.terms],
] as const;

/** An account screen's link text, in the active language. */
function screenLabel(i18n: ReturnType<typeof useI18n>, key: (typeof ACCOUNT_SCREENS)[number][0]) {
  switch (key) {
    case 'notifications':
      return i18n._({ id: 'mf-account.profile.linkNotifications', message: 'Notifications' });
    case 'general':
      return i18n._({ id: 'mf-account.profile.linkSettings', message: 'Settings' });
    case 'changePassword':
      return i18n._({ id: 'mf-account.profile.linkChangePassword', message: 'Change password' });
    case 'interest':
      return i18n._({ id: 'mf-account.profile.linkGenres', message: 'Your genres' });
    case 'manageSubscription':
      return i18n._({ id: 'mf-account.profile.linkSubscription', message: 'Manage subscription' });
    case 'privacyPolicy':
      return i18n._({ id: 'mf-account.profile.linkPrivacy', message: 'Privacy policy' });
    default:
      return i18n._({ id: 'mf-account.profile.linkTerms', message: 'Terms and conditions' });
  }
}

type SignOutScope = 'one' | 'all';

/** This device only, or every session of the account. */
const SIGN_OUTS: Array<{ scope: SignOutScope; variant: ButtonProps['variant'] }> = [
  { scope: 'one', variant: 'secondary' },
  { scope: 'all', variant: 'ghost' },
];

/** /profile: who you are, your picture, your details, and every account screen. */
export function ProfileScreen({ emailVerification }: { emailVerification: ReactNode }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [leaving, setLeaving] = useState<SignOutScope | null>(null);

  const signOut = async (scope: SignOutScope) => {
    setLeaving(scope);
    const result = scope === 'all' ? await logoutAll() : await logout();
    if (isKidsProfileRefusal(result)) {
      // A kids profile: nothing ended, and the shell asks for the account password.
      setLeaving(null);
      emit('session:kids-password-needed', {
        scope: scope === 'all' ? 'all-devices' : 'this-device',
      });
      return;
    }
    navigate(paths.home(), { replace: true });
  };

  return (
    <main className={screen.wide}>
      <h1 className={screen.title}>
        {i18n._({ id: 'mf-account.profile.title', message: 'Profile' })}
      </h1>
      <QueryState
        query={user}
        pending={
          <Skeleton
            height={240}
            label={i18n._({ id: 'mf-account.profile.loading', message: 'Loading your profile' })}
          />
        }
      >
        {(me) => (
          <div className={styles.grid}>
            <Card>
              <div className={styles.header}>
                {me.avatarUrl ? (
                  <img
                    className={styles.avatar}
                    src={apiAssetUrl(me.avatarUrl)}
                    alt={i18n._({
                      id: 'mf-account.profile.pictureAlt',
                      message: 'Your profile picture',
                    })}
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
                    {me.emailVerified
                      ? i18n._({
                          id: 'mf-account.profile.emailVerified',
                          message: 'Email verified',
                        })
                      : i18n._({
                          id: 'mf-account.profile.emailNotVerified',
                          message: 'Email not verified',
                        })}
                  </span>{' '}
                  {me.isPremium ? (
                    <span className={styles.badge}>
                      {i18n._({ id: 'mf-account.profile.premium', message: 'Premium' })}
                    </span>
                  ) : null}
                </div>
              </div>
              <div className={screen.section}>
                <AvatarUpload />
              </div>
            </Card>

            <Card aria-labelledby="profile-details">
              <h2 id="profile-details" className={screen.sectionTitle}>
                {i18n._({ id: 'mf-account.profile.details', message: 'Your details' })}
              </h2>
              <ProfileForm user={me} />
            </Card>

            <Card aria-labelledby="profile-email">
              <h2 id="profile-email" className={screen.sectionTitle}>
                {i18n._({
                  id: 'mf-account.profile.emailVerification',
                  message: 'Email verification',
                })}
              </h2>
              {emailVerification}
            </Card>

            <Card aria-labelledby="profile-more">
              <h2 id="profile-more" className={screen.sectionTitle}>
                {i18n._({ id: 'mf-account.profile.account', message: 'Account' })}
              </h2>
              <ul className={styles.nav}>
                {ACCOUNT_SCREENS.map(([key, to]) => (
                  <li key={key}>
                    <Link to={to()}>{screenLabel(i18n, key)}</Link>
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
                    {o.scope === 'one'
                      ? leaving === o.scope
                        ? i18n._({ id: 'mf-account.profile.signingOut', message: 'Signing out…' })
                        : i18n._({ id: 'mf-account.profile.signOut', message: 'Sign out' })
                      : leaving === o.scope
                        ? i18n._({
                            id: 'mf-account.profile.signingOutAll',
                            message: 'Signing out everywhere…',
                          })
                        : i18n._({
                            id: 'mf-account.profile.signOutAll',
                            message: 'Sign out of all devices',
                          })}
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
