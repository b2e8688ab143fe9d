import { useId } from 'react';
import { CheckIcon, CircleIcon, type InputProps } from '@streamflix/shared';
import { PASSWORD_HINT } from '../../../lib/password-hint';
import { PasswordInput } from '../../../components/password-input';
import { PASSWORD_RULES } from '../validation';
import styles from './auth.module.css';

/** The password rules, ticked live as the viewer types (each rule also says met / not met to screen readers). */
export function PasswordRules({
  id,
  password,
  email = '',
}: {
  id: string;
  password: string;
  email?: string;
}) {
  return (
    <ul id={id} className={styles.rules}>
      {PASSWORD_RULES.map((r) => {
        const ok = password.length > 0 && r.test(password, email);
        return (
          <li key={r.id} className={ok ? styles.ruleOk : styles.rule}>
            {ok ? <CheckIcon /> : <CircleIcon />} {r.label}
            <span className="sf-visually-hidden">{ok ? ' (met)' : ' (not met yet)'}</span>
          </li>
        );
      })}
    </ul>
  );
}

type PasswordField = Omit<InputProps, 'label' | 'type'> & { value: string };

/**
 * Choosing a password (sign-up, reset): the field with its hint, the live rules
 * under it, then the same again to confirm ("Confirm new password").
 */
export function NewPasswordFields({
  label,
  email,
  password,
  confirm,
}: {
  label: string;
  email: string;
  password: PasswordField;
  confirm: PasswordField;
}) {
  const rulesId = useId();
  return (
    <>
      <PasswordInput
        label={label}
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        {...password}
      />
      <PasswordRules id={rulesId} password={password.value} email={email} />
      <PasswordInput
        label={`Confirm ${label.toLowerCase()}`}
        autoComplete="new-password"
        required
        {...confirm}
      />
    </>
  );
}
