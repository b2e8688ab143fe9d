import { Link } from 'react-router-dom';
import { buttonClassName, useI18n } from '@streamflix/shared';
import { PROFILES_PATH, type ScreenRoute } from '../routing/route-tables';
import styles from './kids-guard.module.css';

/** A kids profile watches: the route table marks the grown-ups' screens (settings, plans, payments). */
export function allowedOnKidsProfile(route: ScreenRoute): boolean {
  return !route.grownUpsOnly;
}

export function KidsBlocked({ title }: { title: string }) {
  const i18n = useI18n();
  return (
    <main id="main" className={styles.blocked}>
      <h1>
        {i18n._({
          id: 'shell.kidsBlocked.title',
          message: "{title} isn't available on a kids profile",
          values: { title },
        })}
      </h1>
      <p>
        {i18n._({
          id: 'shell.kidsBlocked.explain',
          message:
            'Ask a grown-up to switch to their profile. Switching away from a kids profile needs the account password.',
        })}
      </p>
      <p className={styles.actions}>
        <Link to={PROFILES_PATH} className={buttonClassName('primary')}>
          {i18n._({ id: 'shell.kidsBlocked.switchProfile', message: 'Switch profile' })}
        </Link>
        <Link to="/" className={buttonClassName('secondary')}>
          {i18n._({ id: 'shell.kidsBlocked.backHome', message: 'Back to home' })}
        </Link>
      </p>
    </main>
  );
}
