import { useCatalogs } from '@streamflix/shared';
import { catalogs } from '../locales/catalogs';
import { PaymentScreen } from '../features/payment/components/payment-screen';

/** /payment: pay for the chosen plan (both route sets; guests are asked to sign in first). */
export default function Payment() {
  useCatalogs(catalogs);
  return <PaymentScreen />;
}
