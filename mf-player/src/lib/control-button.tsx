import type { ButtonHTMLAttributes } from 'react';

export interface ControlButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'aria-label' | 'aria-pressed'
> {
  /** The accessible name: player controls show a glyph or an icon, never text. */
  label: string;
  /** For toggles (mute, fullscreen…): announced as pressed or not. */
  pressed?: boolean;
}

/** One player control: a plain button named by `label`, its glyph hidden from screen readers. */
export function ControlButton({ label, pressed, ...rest }: ControlButtonProps) {
  return <button type="button" aria-label={label} aria-pressed={pressed} {...rest} />;
}
