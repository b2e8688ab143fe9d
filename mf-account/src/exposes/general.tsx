import { useCatalogs } from '@streamflix/shared';
import { GeneralSettings } from '../features/settings/components/general-settings';
import { catalogs } from '../locales/catalogs';
import { settingsCatalogs } from '../features/settings/locales/catalogs';

export default function General() {
  useCatalogs(catalogs);
  useCatalogs(settingsCatalogs);
  return <GeneralSettings />;
}
