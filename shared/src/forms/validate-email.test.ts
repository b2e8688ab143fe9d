import { i18n } from '../i18n/runtime';
import { messages as ar } from '../locales/ar';
import { messages as en } from '../locales/en';
import { validateEmail } from './validate-email';

describe('validateEmail', () => {
  afterAll(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

  test('says what is wrong in the active language', () => {
    i18n.loadAndActivate({ locale: 'en', messages: en });
    expect(validateEmail(' ')).toBe('Enter your email address.');
    expect(validateEmail('ana@')).toBe('Enter a valid email address, like name@example.com.');
    expect(validateEmail('ana@example.com')).toBeUndefined();
    i18n.loadAndActivate({ locale: 'ar', messages: ar });
    expect(validateEmail('')).toBe('أدخل عنوان بريدك الإلكتروني.');
    expect(validateEmail('ana@x')).toBe('أدخل عنوان بريد إلكتروني صالحًا، مثل name@example.com.');
  });
});
