import { useId } from 'react';
import { CheckIcon, CircleIcon, useI18n, type InputProps } from '@streamflix/shared';
import { passwordHint } from '../../../lib/password-hint';
import { PasswordInput } from '../../../components/password-input';
import { PASSWORD_RULES, passwordRuleLabel } from '../validation';
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
  const i18n = useI18n();
  return (
    <ul id={id} className={styles.rules}>
      {PASSWORD_RULES.map((r) => {
        const ok = password.length > 0 && r.test(password, email);
        return (
          <li key={r.id} className={ok ? styles.ruleOk : styles.rule}>
            {ok ? <CheckIcon /> : <CircleIcon />} {passwordRuleLabel(r.id)}
            <span className="sf-visually-hidden">
              {' '}
              {ok
                ? i18n._({ id: 'mf-account.rules.met', message: '(met)' })
                : i18n._({ id: 'mf-account.rules.notMet', message: '(not met yet)' })}
            </span>
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
  confirmLabel,
  email,
  password,
  confirm,
}: {
  label: string;
  /** The confirmation field's label ("Confirm new password"). */
  confirmLabel: string;
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
        hint={passwordHint()}
        {...password}
      />
      <PasswordRules id={rulesId} password={password.value} email={email} />
      <PasswordInput label={confirmLabel} autoComplete="new-password" required {...confirm} />
    </>
  );
}
