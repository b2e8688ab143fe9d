import { useCatalogs, useI18n } from '@streamflix/shared';
import { PolicyPage } from '../features/legal/components/policy-page';
import { catalogs } from '../locales/catalogs';
import { legalCatalogs } from '../features/legal/locales/catalogs';

export default function Terms() {
  useCatalogs(catalogs);
  useCatalogs(legalCatalogs);
  const i18n = useI18n();
  return (
    <PolicyPage
      slug="terms"
      heading={i18n._({ id: 'mf-account.legal.termsHeading', message: 'Terms and conditions' })}
    />
  );
}
