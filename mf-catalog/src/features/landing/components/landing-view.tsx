import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import {
  Button,
  Input,
  buttonClassName,
  failureMessage,
  isSkipedAtom,
  isSuccess,
  paths,
  validateEmail,
} from '@streamflix/shared';
import { subscribeMarketing, type MarketingType } from '../api/subscribe-marketing';
import styles from './landing.module.css';

const topics: Array<{ value: MarketingType; label: string }> = [
  { value: 'new-releases', label: 'New releases' },
  { value: 'newsletter', label: 'Weekly picks' },
  { value: 'offers', label: 'Offers' },
];

export function LandingView() {
  const navigate = useNavigate();
  const setSkipped = useSetAtom(isSkipedAtom);
  const skip = () => {
    setSkipped(true);
    navigate(paths.skipList());
  };
  return (
    <main className={styles.page} aria-labelledby="landing-title">
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 id="landing-title" className={styles.title}>
            Welcome to Streamflix
          </h1>
          <p className={styles.lead}>
            Movies and series from around the world. Watch on any screen, pick up where you left
            off, cancel anytime.
          </p>
          <div className={styles.actions}>
            {/* Named apart from the header's "Sign up" / "Log in" so each link says where it goes. */}
            <Link to={paths.signup()} className={buttonClassName('primary')}>
              Create a free account
            </Link>
            <Link to={paths.login()} className={buttonClassName('secondary')}>
              I already have an account
            </Link>
            <Button variant="ghost" onClick={skip}>
              Skip for now — just browse
            </Button>
          </div>
        </div>
      </section>
      <section className={styles.features} aria-label="Why Streamflix">
        <div>
          <h2>Free titles for everyone</h2>
          <p>Start watching without an account; premium titles come with a subscription.</p>
        </div>
        <div>
          <h2>Your list, everywhere</h2>
          <p>Save movies and series to My List and continue watching on any device.</p>
        </div>
        <div>
          <h2>Picked for you</h2>
          <p>Tell us the genres you love and your home page follows your taste.</p>
        </div>
      </section>
      <MarketingSignup />
    </main>
  );
}

function MarketingSignup() {
  const [email, setEmail] = useState('');
  const [type, setType] = useState<MarketingType>('new-releases');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateEmail(email);
    setError(problem ?? undefined);
    setServerError(null);
    if (problem) return;
    setSending(true);
    const result = await subscribeMarketing(type, email);
    setSending(false);
    if (isSuccess(result)) {
      setDone(email.trim());
      setEmail('');
    } else if (result.fieldErrors?.email) {
      setError(result.fieldErrors.email);
    } else {
      setServerError(failureMessage(result));
    }
  };

  return (
    <section className={styles.signup} aria-labelledby="signup-title">
      <h2 id="signup-title">Hear about new releases first</h2>
      {done ? (
        <div role="status" className={styles.confirm}>
          <p>
            <strong>You're on the list.</strong> We'll email {done} about{' '}
            {topics.find((t) => t.value === type)?.label.toLowerCase()}. You can unsubscribe from
            any email.
          </p>
          <Button variant="ghost" onClick={() => setDone(null)}>
            Sign up another email
          </Button>
        </div>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <Input
            label="Email address"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
            className={styles.email}
          />
          <fieldset className={styles.topics}>
            <legend>Send me</legend>
            {topics.map((t) => (
              <label key={t.value} className={styles.topic}>
                <input
                  type="radio"
                  name="marketing-type"
                  value={t.value}
                  checked={type === t.value}
                  onChange={() => setType(t.value)}
                />{' '}
                {t.label}
              </label>
            ))}
          </fieldset>
          <Button type="submit" disabled={sending}>
            {sending ? 'Signing up…' : 'Keep me posted'}
          </Button>
          {serverError ? (
            <p role="alert" className={styles.serverError}>
              {serverError}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
