import { DashboardView } from '../features/dashboard/components/dashboard-view';
import { MyListButton } from '../features/my-list/components/my-list-button';

/** Logged-in `/`: the personalised dashboard. */
export default function Home() {
  return <DashboardView heading="Home" renderAction={(t) => <MyListButton title={t} compact />} />;
}
