import {
  detectBrand,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  parseExpiry,
  toCardDetails,
  validateCard,
  validateCardNumber,
  validateCvc,
  validateExpiry,
} from './card-rules';

const NOW = new Date(2026, 10, 23); // 23 November 2026

describe('card number', () => {
  it('detects the brand from the first digits', () => {
    expect(detectBrand('4242')).toBe('visa');
    expect(detectBrand('5555 5555')).toBe('mastercard');
    expect(detectBrand('2223003122003222')).toBe('mastercard');
    expect(detectBrand('3782')).toBe('amex');
    expect(detectBrand('6011')).toBe('discover');
    expect(detectBrand('9999')).toBeNull();
  });

  it('groups digits as printed on the card and drops everything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42a')).toBe('4242 4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('37828224631000599')).toBe('3782 822463 10005');
  });

  it('checks the Luhn sum', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4000 0025 0000 3155')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
  });

  it('explains what is wrong', () => {
    expect(validateCardNumber('')).toMatch(/enter your card number/i);
    expect(validateCardNumber('4242 4242')).toMatch(/visa card number has/i);
    expect(validateCardNumber('4242 4242 4242 4241')).toMatch(/not valid/i);
    expect(validateCardNumber('4000 0000 0000 0002')).toBeUndefined();
  });
});

describe('expiry', () => {
  it('parses MM/YY, MMYY and MM/YYYY', () => {
    expect(parseExpiry('04/27')).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry('0427')).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry('4/2027')).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry('13/27')).toBeNull();
    expect(parseExpiry('ab')).toBeNull();
  });

  it('inserts the slash while typing', () => {
    expect(formatExpiry('0')).toBe('0');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('042')).toBe('04/2');
    expect(formatExpiry('04/27')).toBe('04/27');
  });

  it('accepts the current month and refuses past ones', () => {
    expect(validateExpiry('11/26', NOW)).toBeUndefined();
    expect(validateExpiry('10/26', NOW)).toMatch(/expired/i);
    expect(validateExpiry('01/27', NOW)).toBeUndefined();
    expect(validateExpiry('', NOW)).toMatch(/enter the expiry/i);
    expect(validateExpiry('1/2', NOW)).toMatch(/MM\/YY/);
    expect(validateExpiry('01/99', NOW)).toMatch(/year/i);
  });
});

describe('CVC', () => {
  it('wants 3 digits, 4 for American Express', () => {
    expect(validateCvc('123', '4242424242424242')).toBeUndefined();
    expect(validateCvc('12', '4242424242424242')).toMatch(/3 digits/);
    expect(validateCvc('1234', '4242424242424242')).toMatch(/3 digits/);
    expect(validateCvc('1234', '378282246310005')).toBeUndefined();
    expect(validateCvc('123', '378282246310005')).toMatch(/4 digits/);
    expect(validateCvc('', '')).toMatch(/security code/);
  });
});

it('validates a whole card and converts it to what the API takes', () => {
  const fields = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: ' Ada ' };
  expect(validateCard(fields, NOW)).toEqual({});
  expect(toCardDetails(fields)).toEqual({
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
    name: 'Ada',
  });
  expect(
    Object.keys(validateCard({ number: '', expiry: '', cvc: '', name: '' }, NOW)).sort(),
  ).toEqual(['cvc', 'expiry', 'name', 'number']);
});
