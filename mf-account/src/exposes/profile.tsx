import { EmailVerification } from '../features/auth/components/email-verification';
import { ProfileScreen } from '../features/profile/components/profile-screen';

export default function Profile() {
  return <ProfileScreen emailVerification={<EmailVerification />} />;
}
