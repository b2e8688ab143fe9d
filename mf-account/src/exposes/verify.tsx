import { useCatalogs } from '@streamflix/shared';
import { CodeForm } from '../features/auth/components/code-form';
import { catalogs } from '../locales/catalogs';
import { authCatalogs } from '../features/auth/locales/catalogs';

export default function Verify() {
  useCatalogs(catalogs);
  useCatalogs(authCatalogs);
  return <CodeForm />;
}
