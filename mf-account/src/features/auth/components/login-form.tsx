import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, Input, failureMessage, login, paths } from '@streamflix/shared';
import { validateEmail, validateLoginPassword } from '../validation';
import styles from './login-form.module.css';

/**
 * Email + password login. On success the shared session starts and the shell
 * switches to the logged-in route set without a reload.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ email: false, password: false });
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const emailError = touched.email ? validateEmail(email) : undefined;
  const passwordError = touched.password ? validateLoginPassword(password) : undefined;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ email: true, password: true });
    if (validateEmail(email) || validateLoginPassword(password)) return;
    setPending(true);
    setFormError(null);
    const result = await login(email.trim(), password);
    setPending(false);
    if (result.status) {
      navigate(paths.home(), { replace: true });
      return;
    }
    // Spec §8: a 403 or status:false hands back the body; show its message.
    const body = result.body as { message?: string } | undefined;
    setFormError(body?.message ?? failureMessage(result));
  };

  return (
    <main className={styles.wrap}>
      <Card className={styles.panel}>
        <h1>Log in</h1>
        <p className={styles.lead}>Welcome back. Pick up where you left off.</p>
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-describedby={formError ? 'login-error' : undefined}>
          {formError ? (
            <div id="login-error" className={styles.formError} role="alert">
              {formError}
            </div>
          ) : null}
          <Input
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, email: true }))}
            error={emailError}
            required
          />
          <Input
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, password: true }))}
            error={passwordError}
            required
          />
          <Button type="submit" className={styles.submit} disabled={pending} aria-busy={pending}>
            {pending ? 'Logging in…' : 'Log in'}
          </Button>
        </form>
        <div className={styles.links}>
          <Link to={paths.forgot()}>Forgot password?</Link>
          <Link to={paths.signup()}>Create an account</Link>
        </div>
      </Card>
    </main>
  );
}
