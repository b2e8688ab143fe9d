import { Input, useI18n, type InputProps } from '@streamflix/shared';

/**
 * The email field of every auth form: email keyboard, no auto-capitalisation,
 * and `username` autocomplete so password managers pair it with the password
 * (sign-up passes `autoComplete="email"`).
 */
export function EmailInput(props: Omit<InputProps, 'label' | 'type'>) {
  const i18n = useI18n();
  return (
    <Input
      label={i18n._({ id: 'mf-account.auth.email', message: 'Email' })}
      type="email"
      autoComplete="username"
      inputMode="email"
      autoCapitalize="off"
      required
      {...props}
    />
  );
}
