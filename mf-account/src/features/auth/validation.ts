/** Form rules shared by login, sign-up and password screens. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function validateEmail(value: string): string | undefined {
  const v = value.trim();
  if (!v) return 'Enter your email address.';
  if (v.length > 254 || !EMAIL.test(v)) return 'Enter a valid email address, like name@example.com.';
  return undefined;
}

export function validateLoginPassword(value: string): string | undefined {
  if (!value) return 'Enter your password.';
  return undefined;
}

/** Live password rules, shown while the viewer types a new password. */
export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (v: string) => v.length >= 8 },
  { id: 'letter', label: 'A letter', test: (v: string) => /[A-Za-z]/.test(v) },
  { id: 'number', label: 'A number', test: (v: string) => /\d/.test(v) },
] as const;

export function validateNewPassword(value: string): string | undefined {
  const failed = PASSWORD_RULES.filter((r) => !r.test(value));
  return failed.length ? `Your password needs: ${failed.map((r) => r.label.toLowerCase()).join(', ')}.` : undefined;
}
