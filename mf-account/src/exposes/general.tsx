import { useCatalogs } from '@streamflix/shared';
import { GeneralSettings } from '../features/settings/components/general-settings';
import { catalogs } from '../locales/catalogs';

export default function General() {
  useCatalogs(catalogs);
  return <GeneralSettings />;
}
