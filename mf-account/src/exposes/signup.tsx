import { SignupForm } from '../features/auth/components/signup-form';

export default function Signup() {
  return <SignupForm heading="Sign up" />;
}
