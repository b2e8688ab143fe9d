import { useI18n } from '@streamflix/shared';
import { Button, PlayIcon } from '@streamflix/shared';
import type { HlsPlaybackState } from '../hls/use-hls-playback';
import { explainProblem, reconnectMessage } from '../player-problems';
import styles from './status-overlay.module.css';

export interface StatusOverlayProps {
  stream: Pick<HlsPlaybackState, 'status' | 'problem' | 'reconnect'>;
  waiting: boolean;
  paused: boolean;
  needsGesture: boolean;
  displayTitle: string;
  onPlay: () => void;
  onRetry: () => void;
  /** Hidden with the controls while playing. */
  idle: boolean;
  onSkipIntro?: () => void;
  onSkipCredits?: () => void;
}

/** What sits over the picture: loading and buffering, reconnecting, Play, errors and the skip buttons. */
export function StatusOverlay(props: StatusOverlayProps) {
  const { stream, waiting, paused, needsGesture, displayTitle } = props;
  const i18n = useI18n();
  const skipClass = `${styles.skip} ${props.idle ? styles.hidden : ''}`;
  const problem = stream.problem ? explainProblem(stream.problem) : null;
  return (
    <>
      {/* Waiting for data, also while the stream reconnects: the banner says why, this that it waits. */}
      {waiting && (stream.status === 'ready' || stream.status === 'reconnecting') && !paused ? (
        <div
          className={styles.spinner}
          role="status"
          aria-label={i18n._({ id: 'mf-player.status.buffering', message: 'Buffering' })}
        />
      ) : null}
      {stream.status === 'loading' ? (
        <div
          className={styles.spinner}
          role="status"
          aria-label={i18n._({ id: 'mf-player.status.loading', message: 'Loading video' })}
        />
      ) : null}
      {stream.reconnect && stream.status !== 'error' ? (
        <div className={styles.banner} role="status" data-testid="reconnect-banner">
          {reconnectMessage(stream.reconnect)}
        </div>
      ) : null}

      {needsGesture && stream.status === 'ready' ? (
        <button
          type="button"
          className={styles.bigPlay}
          onClick={props.onPlay}
          aria-label={i18n._({
            id: 'mf-player.status.play',
            message: 'Play {title}',
            values: { title: displayTitle },
          })}
        >
          <PlayIcon />
        </button>
      ) : null}

      {stream.status === 'error' && problem ? (
        <div className={styles.errorBox} role="alert">
          <p className={styles.errorTitle}>{problem.title}</p>
          <p>{problem.cause}</p>
          <p>{problem.next}</p>
          <Button onClick={props.onRetry}>
            {i18n._({ id: 'mf-player.retry', message: 'Retry' })}
          </Button>
        </div>
      ) : null}

      {props.onSkipIntro ? (
        <button type="button" className={skipClass} onClick={props.onSkipIntro}>
          {i18n._({ id: 'mf-player.skip.intro', message: 'Skip intro' })}
        </button>
      ) : props.onSkipCredits ? (
        <button type="button" className={skipClass} onClick={props.onSkipCredits}>
          {i18n._({ id: 'mf-player.skip.credits', message: 'Skip credits' })}
        </button>
      ) : null}
    </>
  );
}
