import { useCatalogs } from '@streamflix/shared';
import { GenrePicker } from '../features/onboarding/components/genre-picker';
import { catalogs } from '../locales/catalogs';
import { onboardingCatalogs } from '../features/onboarding/locales/catalogs';

export default function Interest() {
  useCatalogs(catalogs);
  useCatalogs(onboardingCatalogs);
  return <GenrePicker />;
}
