import { NavLink } from 'react-router-dom';
import { buttonClassName, ProfileAvatar, useI18n, type ActiveProfile } from '@streamflix/shared';
import styles from './profile-link.module.css';

/** The header's small avatar of the profile this device watches as. */
function ProfileBadge({ profile }: { profile: ActiveProfile }) {
  return (
    <ProfileAvatar
      name={profile.name}
      avatar={profile.avatar}
      avatarUrl={profile.avatarUrl}
      className={styles.avatar}
    />
  );
}

/**
 * The header's "Switch profile" link to mf-account's profile picker (`/profiles`): who the device
 * watches as, and whether it is a kids profile.
 */
export function ProfileLink({
  profile,
  kids,
  nameClassName,
}: {
  profile: ActiveProfile | null;
  kids: boolean;
  /** The name shows only where the header has room. */
  nameClassName?: string;
}) {
  const i18n = useI18n();
  return (
    <NavLink
      to="/profiles"
      className={`${buttonClassName('ghost')} ${styles.profileButton}`}
      aria-label={
        profile
          ? kids
            ? i18n._({
                id: 'shell.profileLink.watchingKids',
                message: 'Watching as {name}, kids profile. Switch profile',
                values: { name: profile.name },
              })
            : i18n._({
                id: 'shell.profileLink.watching',
                message: 'Watching as {name}. Switch profile',
                values: { name: profile.name },
              })
          : i18n._({ id: 'shell.profileLink.switch', message: 'Switch profile' })
      }
    >
      {profile ? (
        <>
          <ProfileBadge profile={profile} />
          <span className={nameClassName}>{profile.name}</span>
          {kids ? (
            <span className={styles.kidsBadge}>
              {i18n._({ id: 'shell.profileLink.kids', message: 'Kids' })}
            </span>
          ) : null}
        </>
      ) : (
        i18n._({ id: 'shell.profileLink.profiles', message: 'Profiles' })
      )}
    </NavLink>
  );
}
