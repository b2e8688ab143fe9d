import { PolicyPage } from '../features/legal/components/policy-page';

export default function PrivacyPolicy() {
  return <PolicyPage slug="privacy-policy" heading="Privacy policy" />;
}
