import { forwardRef } from 'react';
import screen from '../lib/screen.module.css';

/** A form's failure message; focusable (not tabbable) so `useSubmit` can move focus to it. */
export const FormAlert = forwardRef<HTMLDivElement, { id?: string; message: string | null }>(
  function FormAlert({ id, message }, ref) {
    if (!message) return null;
    return (
      <div id={id} ref={ref} tabIndex={-1} className={screen.alert} role="alert">
        {message}
      </div>
    );
  },
);
