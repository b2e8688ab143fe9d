import { getRuntimeConfig } from '../config/runtime-config';

/** The avatar set's colours: a profile is told apart by colour and initial, never by colour alone. */
export const PROFILE_AVATAR_COLOURS: Readonly<Record<string, string>> = {
  sunrise: 'linear-gradient(135deg, #f97316, #e11d48)',
  ocean: 'linear-gradient(135deg, #0ea5e9, #1e3a8a)',
  forest: 'linear-gradient(135deg, #16a34a, #14532d)',
  berry: 'linear-gradient(135deg, #c026d3, #581c87)',
  ember: 'linear-gradient(135deg, #dc2626, #7f1d1d)',
  night: 'linear-gradient(135deg, #4f46e5, #111827)',
  mint: 'linear-gradient(135deg, #2dd4bf, #0f766e)',
  gold: 'linear-gradient(135deg, #eab308, #a16207)',
};

export interface ProfileAvatarProps {
  name: string;
  /** One of the set's colours, or `account` for the account's uploaded picture. */
  avatar: string;
  avatarUrl?: string | null;
  /** Size and shape belong to the screen that draws it. */
  className?: string;
}

/**
 * A profile's avatar, drawn the same in the header (shell) and the profile picker (mf-account).
 * Decorative: the profile's name is always written beside it.
 */
export function ProfileAvatar({ name, avatar, avatarUrl, className }: ProfileAvatarProps) {
  if (avatar === 'account' && avatarUrl)
    return (
      <img
        className={className}
        // The API answers its own files as paths, on its origin (absolute URLs pass through).
        src={new URL(avatarUrl, `${getRuntimeConfig().apiOrigin}/`).href}
        alt=""
      />
    );
  return (
    <span
      className={className}
      style={{ background: PROFILE_AVATAR_COLOURS[avatar] ?? PROFILE_AVATAR_COLOURS.night }}
      aria-hidden="true"
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
