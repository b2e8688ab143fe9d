import { i18n } from '../i18n/runtime';

// Deliberately simple: the server validates for real; this catches typos before a round trip.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * The email rule of every form that asks for an address (sign-up, log in, the landing's start form).
 * Its messages are read when the form validates, in the language active then.
 */
export function validateEmail(value: string): string | undefined {
  const v = value.trim();
  if (!v)
    return i18n._({ id: 'shared.validation.emailMissing', message: 'Enter your email address.' });
  if (v.length > 254 || !EMAIL.test(v))
    return i18n._({
      id: 'shared.validation.emailInvalid',
      message: 'Enter a valid email address, like name@example.com.',
    });
  return undefined;
}
