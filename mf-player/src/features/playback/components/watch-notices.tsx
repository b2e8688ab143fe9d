import { Link, useNavigate } from 'react-router-dom';
import { Button, paths, useI18n } from '@streamflix/shared';
import type { PlaybackOutcome } from '../api/get-playback-session';

/** The watch page's stage and notice classes (the page owns the layout; these own the words). */
export type NoticeStyles = Readonly<Record<string, string>>;

/** Before playback: loading, still being prepared, a paywall on the way, or an error. */
export function WaitingNotices({
  outcome,
  onRetry,
  styles,
}: {
  styles: NoticeStyles;
  outcome: PlaybackOutcome | undefined;
  onRetry: () => void;
}) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const entitlement = outcome?.kind === 'entitlement' ? outcome : null;
  const seconds = outcome?.kind === 'preparing' ? outcome.expectedSeconds : undefined;
  const minutes = seconds ? Math.round(seconds / 60) : 0;
  return (
    <div className={styles.stage}>
      {!outcome ? (
        <div
          className={styles.loading}
          role="status"
          aria-label={i18n._({ id: 'mf-player.watch.loading', message: 'Loading the video' })}
        />
      ) : null}
      {outcome?.kind === 'preparing' ? (
        <div className={styles.notice} role="status">
          <p className={styles.noticeTitle}>
            {i18n._({ id: 'mf-player.preparing.title', message: 'Getting this video ready…' })}
          </p>
          <p>{outcome.message}</p>
          {seconds ? (
            <p>
              {seconds < 90
                ? i18n._({
                    id: 'mf-player.preparing.expectedSeconds',
                    message:
                      '{seconds, plural, one {Expected to be ready in about # second.} other {Expected to be ready in about # seconds.}}',
                    values: { seconds: Math.max(5, Math.round(seconds / 5) * 5) },
                  })
                : i18n._({
                    id: 'mf-player.preparing.expectedMinutes',
                    message:
                      '{minutes, plural, one {Expected to be ready in about # minute.} other {Expected to be ready in about # minutes.}}',
                    values: { minutes },
                  })}
            </p>
          ) : null}
          <p>
            {i18n._({
              id: 'mf-player.preparing.startsBySelf',
              message: 'It will start by itself — no need to reload.',
            })}
          </p>
        </div>
      ) : null}
      {entitlement ? (
        <div className={styles.notice} role="alert">
          <p className={styles.noticeTitle}>{entitlement.message}</p>
          <p>
            {entitlement.target === 'paywall'
              ? i18n._({
                  id: 'mf-player.entitlement.toPlans',
                  message: 'Taking you to the plans so you can subscribe…',
                })
              : i18n._({
                  id: 'mf-player.entitlement.toPremium',
                  message: 'Taking you to Streamflix Premium — sign in or pick a plan to watch it…',
                })}
          </p>
          <Button
            onClick={() =>
              navigate(entitlement.target === 'paywall' ? paths.paywall() : paths.premium(), {
                // The paywall shows this title and brings the viewer back to it after paying.
                state: { from: location.pathname, message: entitlement.message },
              })
            }
          >
            {entitlement.target === 'paywall'
              ? i18n._({ id: 'mf-player.entitlement.seePlans', message: 'See plans now' })
              : i18n._({ id: 'mf-player.entitlement.goPremium', message: 'Go to Premium now' })}
          </Button>
        </div>
      ) : null}
      {outcome?.kind === 'error' ? (
        <div className={styles.notice} role="alert">
          <p className={styles.noticeTitle}>
            {outcome.title ??
              i18n._({ id: 'mf-player.error.cantPlay', message: 'This video can’t be played.' })}
          </p>
          <p>{outcome.message}</p>
          {outcome.retryable ? (
            <Button onClick={onRetry}>{i18n._({ id: 'mf-player.retry', message: 'Retry' })}</Button>
          ) : (
            <Link to={paths.home()}>
              {i18n._({ id: 'mf-player.error.backHome', message: 'Back to home' })}
            </Link>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** Another device took this device's screen: the server's message, and a way to try again. */
export function ScreenTakenNotice({
  message,
  onRetry,
  styles,
}: {
  message: string;
  onRetry: () => void;
  styles: NoticeStyles;
}) {
  const i18n = useI18n();
  return (
    <div className={styles.stage}>
      <div className={styles.notice} role="alert">
        <p className={styles.noticeTitle}>
          {i18n._({ id: 'mf-player.screens.inUse', message: 'Your plan’s screens are in use' })}
        </p>
        <p>{message}</p>
        <Button onClick={onRetry}>{i18n._({ id: 'mf-player.retry', message: 'Retry' })}</Button>
      </div>
    </div>
  );
}
