import { useCatalogs } from '@streamflix/shared';
import { WelcomeScreen } from '../features/onboarding/components/welcome-screen';
import { catalogs } from '../locales/catalogs';

export default function Welcome() {
  useCatalogs(catalogs);
  return <WelcomeScreen />;
}
