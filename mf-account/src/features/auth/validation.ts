/** Form rules shared by login, sign-up and password screens (the email rule is the product's one). */
export { validateEmail } from '@streamflix/shared';

export function validateLoginPassword(value: string): string | undefined {
  if (!value) return 'Enter your password.';
  return undefined;
}

export function validateName(value: string): string | undefined {
  const v = value.trim();
  if (!v) return 'Enter your name.';
  if (v.length > 80) return 'Use at most 80 characters.';
  return undefined;
}

/**
 * Live password rules, shown while the viewer types a new password. They match
 * the API (8 to 128 characters, passphrases welcome, no composition rules, as
 * NIST 800-63B advises) plus one guard against the most guessable choice.
 */
export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (v: string) => v.length >= 8 },
  { id: 'max', label: 'At most 128 characters', test: (v: string) => v.length <= 128 },
  {
    id: 'not-email',
    label: 'Not your email address',
    test: (v: string, email = '') =>
      !v || !email.trim() || v.trim().toLowerCase() !== email.trim().toLowerCase(),
  },
] as const;

export function validateNewPassword(value: string, email = ''): string | undefined {
  if (!value) return 'Choose a password.';
  const failed = PASSWORD_RULES.filter((r) => !r.test(value, email));
  return failed.length
    ? `Your password needs: ${failed.map((r) => r.label.toLowerCase()).join(', ')}.`
    : undefined;
}

export function validateConfirm(password: string, confirm: string): string | undefined {
  if (!confirm) return 'Type your password again.';
  if (confirm !== password) return 'The passwords do not match.';
  return undefined;
}

export function validateCode(value: string): string | undefined {
  const v = value.replace(/\s+/g, '');
  if (!v) return 'Enter the six-digit code from the email.';
  if (!/^\d{6}$/.test(v)) return 'The code is six digits.';
  return undefined;
}

export const normaliseCode = (value: string) => value.replace(/\s+/g, '');
