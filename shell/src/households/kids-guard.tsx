import { Link } from 'react-router-dom';
import { buttonClassName } from '@streamflix/shared';
import type { ScreenRoute } from '../routing/route-tables';
import styles from './households.module.css';

/** The account and checkout screens a kids profile may still open (the legal pages). */
const KIDS_OPEN = new Set(['/privacy-policy', '/terms']);

/** A kids profile watches: the account's settings, plans and payments are a grown-up's. */
export function allowedOnKidsProfile(route: ScreenRoute): boolean {
  return (
    (route.remote !== 'mf_account' && route.remote !== 'mf_checkout') || KIDS_OPEN.has(route.path)
  );
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
        <Link to="/profiles" className={buttonClassName('primary')}>
          Switch profile
        </Link>
        <Link to="/" className={buttonClassName('secondary')}>
          Back to home
        </Link>
      </p>
    </main>
  );
}
