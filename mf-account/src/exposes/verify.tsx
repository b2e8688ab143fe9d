import { useCatalogs } from '@streamflix/shared';
import { CodeForm } from '../features/auth/components/code-form';
import { catalogs } from '../locales/catalogs';

export default function Verify() {
  useCatalogs(catalogs);
  return <CodeForm />;
}
