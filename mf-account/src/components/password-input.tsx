import { useState } from 'react';
import { Input, type InputProps } from '@streamflix/shared';
import screen from '../lib/screen.module.css';
import styles from './password-input.module.css';

/**
 * A password input with a show/hide toggle named after its field ("Show new password"), so
 * two on one form stay tellable apart; paste and password managers work as usual.
 */
export function PasswordInput(props: Omit<InputProps, 'type'>) {
  const [shown, setShown] = useState(false);
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
        {shown ? 'Hide' : 'Show'} {props.label.toLowerCase()}
      </button>
    </div>
  );
}
