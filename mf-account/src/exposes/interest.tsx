import { useCatalogs } from '@streamflix/shared';
import { GenrePicker } from '../features/onboarding/components/genre-picker';
import { catalogs } from '../locales/catalogs';

export default function Interest() {
  useCatalogs(catalogs);
  return <GenrePicker />;
}
