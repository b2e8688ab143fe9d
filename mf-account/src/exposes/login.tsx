import { useCatalogs } from '@streamflix/shared';
import { LoginForm } from '../features/auth/components/login-form';
import { catalogs } from '../locales/catalogs';
import { authCatalogs } from '../features/auth/locales/catalogs';

export default function Login() {
  useCatalogs(catalogs);
  useCatalogs(authCatalogs);
  return <LoginForm />;
}
