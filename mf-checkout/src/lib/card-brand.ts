import { i18n } from '@streamflix/shared';

/** How card brands are written for people (the API and Stripe report lower-case ids). Brand names stay as they are. */
const LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export const brandLabel = (brand: string | null | undefined): string =>
  (brand && LABELS[brand.toLowerCase()]) ||
  (brand
    ? brand.charAt(0).toUpperCase() + brand.slice(1)
    : i18n._({ id: 'mf-checkout.card.unknownBrand', message: 'Card' }));
