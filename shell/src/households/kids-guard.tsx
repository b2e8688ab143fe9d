import { Link } from 'react-router-dom';
import { buttonClassName } from '@streamflix/shared';
import { PROFILES_PATH, type ScreenRoute } from '../routing/route-tables';
import styles from './kids-guard.module.css';

/** A kids profile watches: the route table marks the grown-ups' screens (settings, plans, payments). */
export function allowedOnKidsProfile(route: ScreenRoute): boolean {
  return !route.grownUpsOnly;
}

export function KidsBlocked({ title }: { title: string }) {
  return (
    <main id="main" className={styles.blocked}>
      <h1>{title} isn't available on a kids profile</h1>
      <p>
        Ask a grown-up to switch to their profile. Switching away from a kids profile needs the
        account password.
      </p>
      <p className={styles.actions}>
        <Link to={PROFILES_PATH} className={buttonClassName('primary')}>
          Switch profile
        </Link>
        <Link to="/" className={buttonClassName('secondary')}>
          Back to home
        </Link>
      </p>
    </main>
  );
}
