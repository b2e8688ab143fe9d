import { Link } from 'react-router-dom';
import { buttonClassName, paths, useCatalogs, useI18n } from '@streamflix/shared';
import { catalogs } from '../locales/catalogs';
import { DashboardView } from '../features/dashboard/components/dashboard-view';
import styles from './guest.module.css';

/** `/skip-list`: the guest home, the dashboard for the stored country. */
export default function GuestHome() {
  useCatalogs(catalogs);
  const i18n = useI18n();
  return (
    <DashboardView
      heading={i18n._({ id: 'mf-catalog.guestHome.heading', message: 'Browse' })}
      banner={
        <aside
          className={styles.banner}
          aria-label={i18n._({
            id: 'mf-catalog.guestHome.bannerLabel',
            message: 'Create an account',
          })}
        >
          <p>
            {i18n._({
              id: 'mf-catalog.guestHome.bannerText',
              message:
                "You're browsing as a guest. Sign up to keep a list, pick up where you left off and get picks for your taste.",
            })}
          </p>
          <Link to={paths.signup()} className={buttonClassName('primary')}>
            {i18n._({ id: 'mf-catalog.guestHome.signup', message: 'Create a free account' })}
          </Link>
        </aside>
      }
    />
  );
}
