import { useState } from 'react';
import { Input, type InputProps } from '@streamflix/shared';
import screen from '../../../lib/screen.module.css';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<InputProps, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <div style={{ display: 'grid', gap: 'var(--sf-space-1)' }}>
      <Input
        {...props}
        type={shown ? 'text' : 'password'}
        autoCapitalize="off"
        spellCheck={false}
      />
      <button
        type="button"
        className={screen.linkButton}
        style={{ justifySelf: 'start', fontSize: 'var(--sf-font-size-sm)' }}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? 'Hide' : 'Show'} {props.label.toLowerCase()}
      </button>
    </div>
  );
}
