import type { ReactNode } from 'react';
import { Button } from '@streamflix/shared';
import screen from '../lib/screen.module.css';

/** A full-width submit that says what it is doing while `pending`. */
export function SubmitButton({
  pending,
  busyLabel,
  children,
}: {
  pending: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  // aria-disabled, not disabled: a disabled button drops the focus to the page body.
  return (
    <Button type="submit" className={screen.full} aria-disabled={pending} aria-busy={pending}>
      {pending ? busyLabel : children}
    </Button>
  );
}
