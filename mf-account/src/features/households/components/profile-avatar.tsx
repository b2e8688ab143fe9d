import { ProfileAvatar as SharedProfileAvatar } from '@streamflix/shared';
import styles from './households.module.css';

/** The picker's avatar: the shared drawing (the header draws the same) at the picker's sizes. */
export function ProfileAvatar({
  name,
  avatar,
  avatarUrl,
  size = 'large',
}: {
  name: string;
  avatar: string;
  avatarUrl?: string | null;
  size?: 'large' | 'small';
}) {
  return (
    <SharedProfileAvatar
      name={name}
      avatar={avatar}
      avatarUrl={avatarUrl}
      className={`${styles.avatar} ${size === 'small' ? styles.avatarSmall : ''}`}
    />
  );
}
