/** Form rules shared by login, sign-up and password screens (the email rule is the product's one). */
export { validateEmail } from '@streamflix/shared';
import { formatList, i18n } from '@streamflix/shared';

export function validateLoginPassword(value: string): string | undefined {
  if (!value)
    return i18n._({ id: 'mf-account.validation.passwordMissing', message: 'Enter your password.' });
  return undefined;
}

export function validateName(value: string): string | undefined {
  const v = value.trim();
  if (!v) return i18n._({ id: 'mf-account.validation.nameMissing', message: 'Enter your name.' });
  if (v.length > 80)
    return i18n._({
      id: 'mf-account.validation.nameTooLong',
      message: 'Use at most {max} characters.',
      values: { max: 80 },
    });
  return undefined;
}

/**
 * Live password rules, shown while the viewer types a new password. They match
 * the API (8 to 128 characters, passphrases welcome, no composition rules, as
 * NIST 800-63B advises) plus one guard against the most guessable choice.
 */
export const PASSWORD_RULES = [
  { id: 'length', test: (v: string) => v.length >= 8 },
  { id: 'max', test: (v: string) => v.length <= 128 },
  {
    id: 'not-email',
    test: (v: string, email = '') =>
      !v || !email.trim() || v.trim().toLowerCase() !== email.trim().toLowerCase(),
  },
] as const;

/** A password rule's label in the active language, read when shown. */
export function passwordRuleLabel(id: (typeof PASSWORD_RULES)[number]['id']): string {
  if (id === 'length')
    return i18n._({
      id: 'mf-account.validation.ruleLength',
      message: 'At least {min} characters',
      values: { min: 8 },
    });
  if (id === 'max')
    return i18n._({
      id: 'mf-account.validation.ruleMax',
      message: 'At most {max} characters',
      values: { max: 128 },
    });
  return i18n._({ id: 'mf-account.validation.ruleNotEmail', message: 'Not your email address' });
}

export function validateNewPassword(value: string, email = ''): string | undefined {
  if (!value)
    return i18n._({ id: 'mf-account.validation.passwordChoose', message: 'Choose a password.' });
  const failed = PASSWORD_RULES.filter((r) => !r.test(value, email));
  return failed.length
    ? i18n._({
        id: 'mf-account.validation.passwordNeeds',
        message: 'Your password needs: {rules}.',
        values: {
          rules: formatList(
            failed.map((r) => passwordRuleLabel(r.id).toLocaleLowerCase(i18n.locale)),
          ),
        },
      })
    : undefined;
}

export function validateConfirm(password: string, confirm: string): string | undefined {
  if (!confirm)
    return i18n._({
      id: 'mf-account.validation.confirmMissing',
      message: 'Type your password again.',
    });
  if (confirm !== password)
    return i18n._({
      id: 'mf-account.validation.confirmMismatch',
      message: 'The passwords do not match.',
    });
  return undefined;
}

export function validateCode(value: string): string | undefined {
  const v = value.replace(/\s+/g, '');
  if (!v)
    return i18n._({
      id: 'mf-account.validation.codeMissing',
      message: 'Enter the six-digit code from the email.',
    });
  if (!/^\d{6}$/.test(v))
    return i18n._({ id: 'mf-account.validation.codeFormat', message: 'The code is six digits.' });
  return undefined;
}

export const normaliseCode = (value: string) => value.replace(/\s+/g, '');
