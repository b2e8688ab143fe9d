import { shippedLanguage, SOURCE_LANGUAGE } from './languages';
import { translate, type MessageKey, type MessageParams } from './messages';

export type EmailName =
  'signUpCode' | 'signUpAttempt' | 'verify' | 'reset' | 'accountDeleted' | 'helpGuest';

/**
 * An email's subject and text in the language stored for its reader (an account's or a pending
 * sign-up's `language`; a guest's request language). A stored language we do not ship ('it', an old
 * 'pt') gets its nearest shipped one, else English.
 */
/** The shipped language an email is written in for a stored language. */
export const emailLanguage = (stored: string | null | undefined) =>
  shippedLanguage(stored) ?? SOURCE_LANGUAGE;

export function emailText(
  name: EmailName,
  storedLanguage: string | null | undefined,
  params: MessageParams,
): { subject: string; text: string } {
  const language = emailLanguage(storedLanguage);
  return {
    subject: translate(`email.${name}.subject` as MessageKey, language, params),
    text: translate(`email.${name}.text` as MessageKey, language, params),
  };
}
