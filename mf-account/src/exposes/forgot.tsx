import { useCatalogs } from '@streamflix/shared';
import { ForgotForm } from '../features/auth/components/forgot-form';
import { catalogs } from '../locales/catalogs';

export default function Forgot() {
  useCatalogs(catalogs);
  return <ForgotForm />;
}
