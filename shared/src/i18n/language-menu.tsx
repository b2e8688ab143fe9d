import { Select } from '../ui/primitives';
import { chooseLanguage } from './language';
import { LANGUAGES, PSEUDO_LANGUAGE } from './languages';
import { useI18n, useLanguage } from './react';

export interface LanguageMenuProps {
  /** Smaller, with the label for screen readers only (the shell's header). */
  compact?: boolean;
  className?: string;
}

/**
 * The language menu (the shell's header, mf-account's settings): every shipped language in its own
 * name. Choosing one switches every mounted screen without a reload and is remembered on the device
 * and on the active profile.
 */
export function LanguageMenu({ compact, className }: LanguageMenuProps) {
  const i18n = useI18n();
  const language = useLanguage();
  // The pseudo-locale is listed only while it is active (chosen by a test or a developer).
  const options = language === PSEUDO_LANGUAGE.code ? [...LANGUAGES, PSEUDO_LANGUAGE] : LANGUAGES;
  return (
    <Select
      label={i18n._({ id: 'shared.languageMenu.label', message: 'Language' })}
      hideLabel={compact}
      compact={compact}
      className={className}
      value={language}
      onChange={(event) => void chooseLanguage(event.target.value)}
    >
      {options.map((l) => (
        <option key={l.code} value={l.code} lang={l.code}>
          {l.name}
        </option>
      ))}
    </Select>
  );
}
