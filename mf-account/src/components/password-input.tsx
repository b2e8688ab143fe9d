import { useState } from 'react';
import { Input, useI18n, type InputProps } from '@streamflix/shared';
import screen from '../lib/screen.module.css';
import styles from './password-input.module.css';

/**
 * A password input with a show/hide toggle named after its field ("Show new password"), so
 * two on one form stay tellable apart; paste and password managers work as usual.
 */
export function PasswordInput(props: Omit<InputProps, 'type'>) {
  const i18n = useI18n();
  const [shown, setShown] = useState(false);
  // German capitalises nouns: the field's name keeps its case there.
  const field = i18n.locale === 'de' ? props.label : props.label.toLocaleLowerCase(i18n.locale);
  return (
    <div className={styles.field}>
      <Input
        {...props}
        type={shown ? 'text' : 'password'}
        autoCapitalize="off"
        spellCheck={false}
      />
      <button
        type="button"
        className={`${screen.linkButton} ${styles.toggle}`}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        {shown
          ? i18n._({ id: 'mf-account.password.hide', message: 'Hide {field}', values: { field } })
          : i18n._({ id: 'mf-account.password.show', message: 'Show {field}', values: { field } })}
      </button>
    </div>
  );
}
