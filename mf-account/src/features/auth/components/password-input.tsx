import { useState } from 'react';
import { Input, type InputProps } from '@streamflix/shared';
import styles from './auth.module.css';
import screen from '../../../lib/screen.module.css';

/** A password input with a show/hide toggle; paste and password managers work as usual. */
export function PasswordInput(props: Omit<InputProps, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <Input
        {...props}
        type={shown ? 'text' : 'password'}
        autoCapitalize="off"
        spellCheck={false}
      />
      <button
        type="button"
        className={`${screen.linkButton} ${styles.showToggle}`}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? 'Hide' : 'Show'} password
      </button>
    </>
  );
}
