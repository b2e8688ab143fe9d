import { useCatalogs } from '@streamflix/shared';
import { LoginForm } from '../features/auth/components/login-form';
import { catalogs } from '../locales/catalogs';

export default function Login() {
  useCatalogs(catalogs);
  return <LoginForm />;
}
