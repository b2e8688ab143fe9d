import { useCatalogs } from '@streamflix/shared';
import { ChangePasswordForm } from '../features/settings/components/change-password-form';
import { catalogs } from '../locales/catalogs';

export default function ChangePassword() {
  useCatalogs(catalogs);
  return <ChangePasswordForm />;
}
