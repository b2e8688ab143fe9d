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
            <span aria-hidden="true">{ok ? '✓' : '○'}</span> {r.label}
            <span className="sf-visually-hidden">{ok ? ' (met)' : ' (not met yet)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
