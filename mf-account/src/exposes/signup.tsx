import { useCatalogs, useI18n } from '@streamflix/shared';
import { SignupForm } from '../features/auth/components/signup-form';
import { catalogs } from '../locales/catalogs';
import { authCatalogs } from '../features/auth/locales/catalogs';

export default function Signup() {
  useCatalogs(catalogs);
  useCatalogs(authCatalogs);
  const i18n = useI18n();
  return <SignupForm heading={i18n._({ id: 'mf-account.signup.heading', message: 'Sign up' })} />;
}
