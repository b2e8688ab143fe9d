import { ChangePasswordForm } from '../features/settings/components/change-password-form';

export default function ChangePassword() {
  return <ChangePasswordForm />;
}
