import { PolicyPage } from '../features/legal/components/policy-page';

export default function Terms() {
  return <PolicyPage slug="terms" heading="Terms and conditions" />;
}
