import { GeneralSettings } from '../features/settings/components/general-settings';

export default function General() {
  return <GeneralSettings />;
}
