import { useCatalogs } from '@streamflix/shared';
import { EmailVerification } from '../features/auth/components/email-verification';
import { ProfileScreen } from '../features/profile/components/profile-screen';
import { catalogs } from '../locales/catalogs';
import { authCatalogs } from '../features/auth/locales/catalogs';
import { profileCatalogs } from '../features/profile/locales/catalogs';

export default function Profile() {
  useCatalogs(catalogs);
  useCatalogs(authCatalogs);
  useCatalogs(profileCatalogs);
  return <ProfileScreen emailVerification={<EmailVerification />} />;
}
