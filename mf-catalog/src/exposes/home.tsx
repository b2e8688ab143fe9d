import { DashboardView } from '../features/dashboard/components/dashboard-view';
import { CardActions } from '../features/my-list/components/card-actions';

/** Logged-in `/`: the personalised dashboard. */
export default function Home() {
  return <DashboardView heading="Home" renderAction={(t) => <CardActions title={t} />} />;
}
