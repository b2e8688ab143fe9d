import { useCatalogs } from '@streamflix/shared';
import { EmailVerification } from '../features/auth/components/email-verification';
import { ProfileScreen } from '../features/profile/components/profile-screen';
import { catalogs } from '../locales/catalogs';

export default function Profile() {
  useCatalogs(catalogs);
  return <ProfileScreen emailVerification={<EmailVerification />} />;
}
