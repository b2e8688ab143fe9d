import { apiAssetUrl } from '../../../lib/api-asset-url';
import styles from './households.module.css';

/** The avatar set's colours: a profile is told apart by colour and initial, never by colour alone. */
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
  const className = `${styles.avatar} ${size === 'small' ? styles.avatarSmall : ''}`;
  if (avatar === 'account' && avatarUrl)
    return <img className={className} src={apiAssetUrl(avatarUrl)} alt="" />;
  return (
    <span
      className={className}
      style={{ background: COLOURS[avatar] ?? COLOURS.night }}
      aria-hidden="true"
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
