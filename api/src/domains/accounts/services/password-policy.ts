import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../../../lib/http-errors';

/**
 * NIST 800-63B 3.1.1.2: refuse passwords found in breach corpora, repetitive or sequential
 * ones, and words specific to this service or this person. No composition rules: length and
 * not being guessable first are what matter.
 */
export const PASSWORD_RULE =
  'At least 8 characters. Common, repeated or sequential passwords (like "password" or "12345678") are not accepted.';

export const WEAK_PASSWORD_MESSAGE =
  'That password is too easy to guess: it is common, repetitive, or contains your email or the service name. Try a longer phrase of a few unrelated words.';

let common: Set<string> | null = null;

/** The ~49,000 most common passwords from breach corpora, ranked, maintained by the zxcvbn-ts project. */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'] as string[]);
  return common;
}

/** A repetition of a unit of up to four characters: "aaaaaaaa", "abababab", "123123123". */
function isRepetitive(p: string): boolean {
  return /^(.{1,4})\1+$/su.test(p);
}

/** One step up or down the keyboard's code points all the way: "12345678", "abcdefgh", "87654321". */
function isSequential(p: string): boolean {
  const codes = [...p].map((c) => c.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  return Math.abs(step) === 1 && codes.every((c, i) => i === 0 || c - codes[i - 1]! === step);
}

export interface PasswordContext {
  email?: string;
  name?: string;
}

/** Whether the password is too easy to guess; the caller answers 400 with WEAK_PASSWORD_MESSAGE. */
export function isWeakPassword(password: string, context: PasswordContext = {}): boolean {
  const p = password.normalize('NFKC').toLowerCase();
  const compact = p.replace(/\s+/g, '');
  if (commonPasswords().has(p) || commonPasswords().has(compact)) return true;
  if (isRepetitive(compact) || isSequential(compact)) return true;
  const personal = [
    'streamflix',
    context.email?.toLowerCase(),
    context.email?.toLowerCase().split('@')[0],
    context.name?.toLowerCase().replace(/\s+/g, ''),
  ].filter((w): w is string => !!w && w.length >= 4);
  // The word plus a little decoration ("streamflix1!", "ada.lovelace99") is still the word.
  return personal.some((w) => compact.includes(w) && compact.length - w.length < 6);
}

/** 400 with the reason on the field, so the form shows it beside the password input. */
export function assertStrongPassword(
  password: string,
  context: PasswordContext,
  field = 'password',
): void {
  if (isWeakPassword(password, context))
    throw badRequest(WEAK_PASSWORD_MESSAGE, { [field]: 'is too easy to guess' });
}
