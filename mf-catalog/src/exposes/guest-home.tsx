import { Link } from 'react-router-dom';
import { buttonClassName, paths } from '@streamflix/shared';
import { DashboardView } from '../features/dashboard/components/dashboard-view';
import styles from './guest.module.css';

/** `/skip-list`: the guest home, the dashboard for the stored country. */
export default function GuestHome() {
  return (
    <DashboardView
      heading="Browse"
      banner={
        <aside className={styles.banner} aria-label="Create an account">
          <p>
            You're browsing as a guest. Sign up to keep a list, pick up where you left off and get
            picks for your taste.
          </p>
          <Link to={paths.signup()} className={buttonClassName('primary')}>
            Create a free account
          </Link>
        </aside>
      }
    />
  );
}
