import { useCatalogs } from '@streamflix/shared';
import { WelcomeScreen } from '../features/onboarding/components/welcome-screen';
import { catalogs } from '../locales/catalogs';
import { onboardingCatalogs } from '../features/onboarding/locales/catalogs';

export default function Welcome() {
  useCatalogs(catalogs);
  useCatalogs(onboardingCatalogs);
  return <WelcomeScreen />;
}
