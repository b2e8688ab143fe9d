import { WelcomeScreen } from '../features/onboarding/components/welcome-screen';

export default function Welcome() {
  return <WelcomeScreen />;
}
