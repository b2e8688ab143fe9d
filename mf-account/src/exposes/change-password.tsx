import { useCatalogs } from '@streamflix/shared';
import { ChangePasswordForm } from '../features/settings/components/change-password-form';
import { catalogs } from '../locales/catalogs';
import { settingsCatalogs } from '../features/settings/locales/catalogs';

export default function ChangePassword() {
  useCatalogs(catalogs);
  useCatalogs(settingsCatalogs);
  return <ChangePasswordForm />;
}
