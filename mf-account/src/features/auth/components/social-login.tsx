import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, getRuntimeConfig, paths, useI18n } from '@streamflix/shared';
import { describeFailure } from '../../../lib/describe-failure';
import { socialSignIn, type SocialProvider } from '../api/social-sign-in';
import styles from './auth.module.css';
import { useReturnPath } from '../../../lib/return-path';
import { FormAlert } from '../../../components/form-alert';

const PROVIDERS: Array<{ id: SocialProvider; name: string }> = [
  { id: 'google', name: 'Google' },
  { id: 'apple', name: 'Apple' },
  { id: 'facebook', name: 'Facebook' },
];

/** Google, Apple and Facebook through Firebase Auth; renders nothing unless Firebase is configured. */
export function SocialLogin() {
  const i18n = useI18n();
  const navigate = useNavigate();
  const { next } = useReturnPath();
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const firebase = getRuntimeConfig().firebase;
  if (!firebase) return null;

  const signInWith = async (provider: SocialProvider) => {
    setPending(provider);
    setError(null);
    try {
      const { firebaseIdToken } = await import('../firebase-sign-in');
      const idToken = await firebaseIdToken(firebase, provider);
      const r = await socialSignIn(idToken, provider, (data) =>
        navigate(next ?? (data.user.genres.length ? paths.home() : paths.interest()), {
          replace: true,
        }),
      );
      if (r.status) return;
      setError(describeFailure(r));
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      // Closing the popup is a choice, not an error.
      if (!/popup-closed|cancelled-popup/.test(code))
        setError(
          i18n._({
            id: 'mf-account.social.failed',
            message: 'Sign-in with that provider did not work. Try again or use your email.',
          }),
        );
    } finally {
      setPending(null);
    }
  };

  return (
    <div>
      <p className={styles.divider}>{i18n._({ id: 'mf-account.social.or', message: 'or' })}</p>
      <FormAlert message={error} />
      <div className={styles.social}>
        {PROVIDERS.map((p) => (
          <Button
            key={p.id}
            variant="secondary"
            disabled={pending !== null}
            aria-busy={pending === p.id}
            onClick={() => void signInWith(p.id)}
          >
            {i18n._({
              id: 'mf-account.social.continue',
              message: 'Continue with {provider}',
              values: { provider: p.name },
            })}
          </Button>
        ))}
      </div>
    </div>
  );
}
