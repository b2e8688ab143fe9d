import { useCatalogs } from '@streamflix/shared';
import { ForgotForm } from '../features/auth/components/forgot-form';
import { catalogs } from '../locales/catalogs';
import { authCatalogs } from '../features/auth/locales/catalogs';

export default function Forgot() {
  useCatalogs(catalogs);
  useCatalogs(authCatalogs);
  return <ForgotForm />;
}
