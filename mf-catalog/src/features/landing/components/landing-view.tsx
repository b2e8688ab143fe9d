import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { Trans } from '@lingui/react';
import {
  Button,
  Input,
  buttonClassName,
  failureMessage,
  isSkipedAtom,
  isSuccess,
  paths,
  useI18n,
  validateEmail,
} from '@streamflix/shared';
import { subscribeMarketing, type MarketingType } from '../api/subscribe-marketing';
import styles from './landing.module.css';

type I18n = ReturnType<typeof useI18n>;

const topics = (i18n: I18n): Array<{ value: MarketingType; label: string }> => [
  {
    value: 'new-releases',
    label: i18n._({ id: 'mf-catalog.landing.topic.newReleases', message: 'New releases' }),
  },
  {
    value: 'newsletter',
    label: i18n._({ id: 'mf-catalog.landing.topic.newsletter', message: 'Weekly picks' }),
  },
  { value: 'offers', label: i18n._({ id: 'mf-catalog.landing.topic.offers', message: 'Offers' }) },
];

/** The select key of a topic in the confirmation sentence (ICU keys are words). */
const topicKey = (type: MarketingType) => (type === 'new-releases' ? 'newReleases' : type);

export function LandingView() {
  const i18n = useI18n();
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
            {i18n._({ id: 'mf-catalog.landing.title', message: 'Welcome to Streamflix' })}
          </h1>
          <p className={styles.lead}>
            {i18n._({
              id: 'mf-catalog.landing.lead',
              message:
                'Movies and series from around the world. Watch on any screen, pick up where you left off, cancel anytime.',
            })}
          </p>
          <div className={styles.actions}>
            {/* Named apart from the header's "Sign up" / "Log in" so each link says where it goes. */}
            <Link to={paths.signup()} className={buttonClassName('primary')}>
              {i18n._({ id: 'mf-catalog.landing.signup', message: 'Create a free account' })}
            </Link>
            <Link to={paths.login()} className={buttonClassName('secondary')}>
              {i18n._({ id: 'mf-catalog.landing.login', message: 'I already have an account' })}
            </Link>
            <Button variant="ghost" onClick={skip}>
              {i18n._({ id: 'mf-catalog.landing.skip', message: 'Skip for now — just browse' })}
            </Button>
          </div>
        </div>
      </section>
      <section
        className={styles.features}
        aria-label={i18n._({ id: 'mf-catalog.landing.features', message: 'Why Streamflix' })}
      >
        <div>
          <h2>
            {i18n._({ id: 'mf-catalog.landing.free.title', message: 'Free titles for everyone' })}
          </h2>
          <p>
            {i18n._({
              id: 'mf-catalog.landing.free.text',
              message:
                'Start watching without an account; premium titles come with a subscription.',
            })}
          </p>
        </div>
        <div>
          <h2>
            {i18n._({ id: 'mf-catalog.landing.list.title', message: 'Your list, everywhere' })}
          </h2>
          <p>
            {i18n._({
              id: 'mf-catalog.landing.list.text',
              message: 'Save movies and series to My List and continue watching on any device.',
            })}
          </p>
        </div>
        <div>
          <h2>{i18n._({ id: 'mf-catalog.landing.picks.title', message: 'Picked for you' })}</h2>
          <p>
            {i18n._({
              id: 'mf-catalog.landing.picks.text',
              message: 'Tell us the genres you love and your home page follows your taste.',
            })}
          </p>
        </div>
      </section>
      <MarketingSignup />
    </main>
  );
}

function MarketingSignup() {
  const i18n = useI18n();
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
      <h2 id="signup-title">
        {i18n._({ id: 'mf-catalog.landing.signupTitle', message: 'Hear about new releases first' })}
      </h2>
      {done ? (
        <div role="status" className={styles.confirm}>
          <p>
            <Trans
              id="mf-catalog.landing.confirm"
              message="<0>You're on the list.</0> We'll email {email} about {topic, select, newReleases {new releases} newsletter {weekly picks} other {offers}}. You can unsubscribe from any email."
              values={{ email: done, topic: topicKey(type) }}
              components={{ 0: <strong /> }}
            />
          </p>
          <Button variant="ghost" onClick={() => setDone(null)}>
            {i18n._({ id: 'mf-catalog.landing.another', message: 'Sign up another email' })}
          </Button>
        </div>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <Input
            label={i18n._({ id: 'mf-catalog.landing.email', message: 'Email address' })}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
            className={styles.email}
          />
          <fieldset className={styles.topics}>
            <legend>{i18n._({ id: 'mf-catalog.landing.sendMe', message: 'Send me' })}</legend>
            {topics(i18n).map((t) => (
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
            {sending
              ? i18n._({ id: 'mf-catalog.landing.sending', message: 'Signing up…' })
              : i18n._({ id: 'mf-catalog.landing.submit', message: 'Keep me posted' })}
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
