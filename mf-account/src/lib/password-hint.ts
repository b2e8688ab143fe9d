/**
 * Shown under every new-password field. The API refuses the ~49,000 most common passwords,
 * repetitions and sequences, and ones built on the email or "streamflix" (NIST 800-63B); the
 * list is too large to ship to the browser, so the rule is stated here and the API's answer
 * appears on the field.
 */
import { i18n } from '@streamflix/shared';

export const passwordHint = () =>
  i18n._({
    id: 'mf-account.passwordHint',
    message:
      'Common or easy-to-guess passwords (like "password", "12345678" or your email) are not accepted. A few unrelated words work well.',
  });
