import { useCatalogs, useI18n } from '@streamflix/shared';
import { catalogs } from '../locales/catalogs';
import { DashboardView } from '../features/dashboard/components/dashboard-view';
import { CardActions } from '../features/my-list/components/card-actions';

/** Logged-in `/`: the personalised dashboard. */
export default function Home() {
  useCatalogs(catalogs);
  const i18n = useI18n();
  return (
    <DashboardView
      heading={i18n._({ id: 'mf-catalog.home.heading', message: 'Home' })}
      renderAction={(t) => <CardActions title={t} />}
    />
  );
}
