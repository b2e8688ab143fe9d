import texts from '../i18n/plan-texts.json';
import { SOURCE_LANGUAGE, type Language } from '../../../lib/i18n/languages';

const TEXTS = texts.texts as Record<string, Partial<Record<Language, string>>>;

/**
 * A plan's name, description or feature (plans.ts holds them in English) in `language`. A text without
 * a translation (a plan renamed in the database by hand) stays as written.
 */
export const planText = (english: string, language: Language): string =>
  (language !== SOURCE_LANGUAGE && TEXTS[english]?.[language]) || english;

/** Every English plan text with its translations (tests). */
export const PLAN_TEXTS = TEXTS;
