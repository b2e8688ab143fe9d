import { ForgotForm } from '../features/auth/components/forgot-form';

export default function Forgot() {
  return <ForgotForm />;
}
