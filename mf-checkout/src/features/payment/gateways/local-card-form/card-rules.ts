import { formatList, formatNumber, i18n } from '@streamflix/shared';
import { brandLabel } from '../../../../lib/card-brand';

/**
 * The local test gateway's card rules, as pure functions: what a card form in
 * any shop checks before it bothers the bank.
 */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay';

interface BrandRule {
  brand: CardBrand;
  label: string;
  pattern: RegExp;
  lengths: number[];
  /** Digit group sizes as printed on the card. */
  groups: number[];
  cvcLength: number;
}

const BRANDS: BrandRule[] = [
  {
    brand: 'amex',
    label: 'American Express',
    pattern: /^3[47]/,
    lengths: [15],
    groups: [4, 6, 5],
    cvcLength: 4,
  },
  {
    brand: 'diners',
    label: 'Diners Club',
    pattern: /^3(0[0-5]|[68])/,
    lengths: [14, 16],
    groups: [4, 6, 4],
    cvcLength: 3,
  },
  { brand: 'jcb', label: 'JCB', pattern: /^35/, lengths: [16], groups: [4, 4, 4, 4], cvcLength: 3 },
  {
    brand: 'visa',
    label: 'Visa',
    pattern: /^4/,
    lengths: [13, 16, 19],
    groups: [4, 4, 4, 4, 3],
    cvcLength: 3,
  },
  {
    brand: 'mastercard',
    label: 'Mastercard',
    pattern: /^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/,
    lengths: [16],
    groups: [4, 4, 4, 4],
    cvcLength: 3,
  },
  {
    brand: 'discover',
    label: 'Discover',
    pattern: /^(6011|65|64[4-9])/,
    lengths: [16, 19],
    groups: [4, 4, 4, 4, 3],
    cvcLength: 3,
  },
  {
    brand: 'unionpay',
    label: 'UnionPay',
    pattern: /^62/,
    lengths: [16, 17, 18, 19],
    groups: [4, 4, 4, 4, 3],
    cvcLength: 3,
  },
];

export const digitsOnly = (s: string) => s.replace(/\D/g, '');

const ruleFor = (digits: string) => BRANDS.find((b) => b.pattern.test(digits)) ?? null;

export function detectBrand(number: string): CardBrand | null {
  return ruleFor(digitsOnly(number))?.brand ?? null;
}

export { brandLabel };

const MAX_DIGITS = 19;

/** "4242424242424242" -> "4242 4242 4242 4242"; Amex as 4-6-5. Extra digits are dropped. */
export function formatCardNumber(input: string): string {
  const digits = digitsOnly(input).slice(0, MAX_DIGITS);
  const rule = ruleFor(digits);
  const max = rule ? Math.max(...rule.lengths) : MAX_DIGITS;
  const groups = rule?.groups ?? [4, 4, 4, 4, 3];
  const out: string[] = [];
  let i = 0;
  for (const size of groups) {
    if (i >= Math.min(digits.length, max)) break;
    out.push(digits.slice(i, Math.min(i + size, max)));
    i += size;
  }
  return out.join(' ');
}

export function luhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (digits.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function validateCardNumber(number: string): string | undefined {
  const digits = digitsOnly(number);
  if (!digits)
    return i18n._({ id: 'mf-checkout.card.enterNumber', message: 'Enter your card number.' });
  const rule = ruleFor(digits);
  const lengths = rule?.lengths ?? [12, 13, 14, 15, 16, 17, 18, 19];
  if (!lengths.includes(digits.length))
    return rule
      ? i18n._({
          id: 'mf-checkout.card.numberLength',
          message: 'A {brand} card number has {lengths} digits.',
          values: {
            brand: rule.label,
            lengths: formatList(
              lengths.map((n) => formatNumber(n)),
              'disjunction',
            ),
          },
        })
      : i18n._({ id: 'mf-checkout.card.fullNumber', message: 'Enter the full card number.' });
  if (!luhnValid(digits))
    return i18n._({
      id: 'mf-checkout.card.invalidNumber',
      message: 'This card number is not valid. Check it for typos.',
    });
  return undefined;
}

/** "0427" / "04/27" / "4/2027" -> { month: 4, year: 2027 }. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(
    input.includes('/') ? input : input.replace(/^(\d{2})(\d+)$/, '$1/$2'),
  );
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Typing "042" shows "04/2": the slash appears by itself. */
export function formatExpiry(input: string): string {
  const digits = digitsOnly(input).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits}/`;
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** A card is valid through the last day of its expiry month. */
export function validateExpiry(input: string, now: Date = new Date()): string | undefined {
  if (!input.trim())
    return i18n._({ id: 'mf-checkout.card.enterExpiry', message: 'Enter the expiry date.' });
  const parsed = parseExpiry(input);
  if (!parsed)
    return i18n._({
      id: 'mf-checkout.card.expiryFormat',
      message: 'Enter the expiry date as MM/YY.',
    });
  const current = now.getFullYear() * 12 + now.getMonth();
  const expiry = parsed.year * 12 + (parsed.month - 1);
  if (expiry < current)
    return i18n._({ id: 'mf-checkout.card.expired', message: 'This card has expired.' });
  if (expiry > current + 20 * 12)
    return i18n._({ id: 'mf-checkout.card.expiryYear', message: 'Check the expiry year.' });
  return undefined;
}

export function validateCvc(cvc: string, number: string): string | undefined {
  const digits = digitsOnly(cvc);
  if (!digits)
    return i18n._({ id: 'mf-checkout.card.enterCvc', message: 'Enter the security code.' });
  const expected = ruleFor(digitsOnly(number))?.cvcLength;
  if (expected && digits.length !== expected)
    return expected === 4
      ? i18n._({
          id: 'mf-checkout.card.cvcLengthFront',
          message: 'The security code is {count} digits (on the front of the card).',
          values: { count: expected },
        })
      : i18n._({
          id: 'mf-checkout.card.cvcLength',
          message: 'The security code is {count} digits.',
          values: { count: expected },
        });
  if (digits.length < 3 || digits.length > 4)
    return i18n._({
      id: 'mf-checkout.card.cvcAny',
      message: 'The security code is 3 or 4 digits.',
    });
  return undefined;
}

export function validateName(name: string): string | undefined {
  if (!name.trim())
    return i18n._({ id: 'mf-checkout.card.enterName', message: 'Enter the name on the card.' });
  if (name.trim().length > 100)
    return i18n._({ id: 'mf-checkout.card.nameTooLong', message: 'The name is too long.' });
  return undefined;
}

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

export function validateCard(fields: CardFields, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {
    number: validateCardNumber(fields.number),
    expiry: validateExpiry(fields.expiry, now),
    cvc: validateCvc(fields.cvc, fields.number),
    name: validateName(fields.name),
  };
  for (const k of Object.keys(errors) as Array<keyof CardFields>) if (!errors[k]) delete errors[k];
  return errors;
}

/** The card as POST /payments/checkout takes it (test mode only: Stripe never sends card data to us). */
export function toCardDetails(fields: CardFields) {
  const expiry = parseExpiry(fields.expiry)!;
  return {
    number: digitsOnly(fields.number),
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: digitsOnly(fields.cvc),
    name: fields.name.trim(),
  };
}
