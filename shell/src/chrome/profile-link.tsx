import { NavLink } from 'react-router-dom';
import { buttonClassName, getRuntimeConfig, type ActiveProfile } from '@streamflix/shared';
import styles from './profile-link.module.css';

/**
 * The avatar set's colours, as mf-account's profile picker draws them (the picker's ProfileAvatar):
 * a profile is told apart by colour and initial, never by colour alone.
 */
const COLOURS: Record<string, string> = {
  sunrise: 'linear-gradient(135deg, #f97316, #e11d48)',
  ocean: 'linear-gradient(135deg, #0ea5e9, #1e3a8a)',
  forest: 'linear-gradient(135deg, #16a34a, #14532d)',
  berry: 'linear-gradient(135deg, #c026d3, #581c87)',
  ember: 'linear-gradient(135deg, #dc2626, #7f1d1d)',
  night: 'linear-gradient(135deg, #4f46e5, #111827)',
  mint: 'linear-gradient(135deg, #2dd4bf, #0f766e)',
  gold: 'linear-gradient(135deg, #eab308, #a16207)',
};

/** The header's small avatar of the profile this device watches as. */
function ProfileBadge({ profile }: { profile: ActiveProfile }) {
  if (profile.avatar === 'account' && profile.avatarUrl)
    return (
      <img
        className={styles.avatar}
        // The API answers its own files as paths, on its origin (absolute URLs pass through).
        src={new URL(profile.avatarUrl, `${getRuntimeConfig().apiOrigin}/`).href}
        alt=""
      />
    );
  return (
    <span
      className={styles.avatar}
      style={{ background: COLOURS[profile.avatar] ?? COLOURS.night }}
      aria-hidden="true"
    >
      {profile.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
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
  return (
    <NavLink
      to="/profiles"
      className={`${buttonClassName('ghost')} ${styles.profileButton}`}
      aria-label={
        profile
          ? `Watching as ${profile.name}${kids ? ', kids profile' : ''}. Switch profile`
          : 'Switch profile'
      }
    >
      {profile ? (
        <>
          <ProfileBadge profile={profile} />
          <span className={nameClassName}>{profile.name}</span>
          {kids ? <span className={styles.kidsBadge}>Kids</span> : null}
        </>
      ) : (
        'Profiles'
      )}
    </NavLink>
  );
}
