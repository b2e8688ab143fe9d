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
  const skipClass = `${styles.skip} ${props.idle ? styles.hidden : ''}`;
  const problem = stream.problem ? explainProblem(stream.problem) : null;
  return (
    <>
      {/* Waiting for data, also while the stream reconnects: the banner says why, this that it waits. */}
      {waiting && (stream.status === 'ready' || stream.status === 'reconnecting') && !paused ? (
        <div className={styles.spinner} role="status" aria-label="Buffering" />
      ) : null}
      {stream.status === 'loading' ? (
        <div className={styles.spinner} role="status" aria-label="Loading video" />
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
          aria-label={`Play ${displayTitle}`}
        >
          <PlayIcon />
        </button>
      ) : null}

      {stream.status === 'error' && problem ? (
        <div className={styles.errorBox} role="alert">
          <p className={styles.errorTitle}>{problem.title}</p>
          <p>{problem.cause}</p>
          <p>{problem.next}</p>
          <Button onClick={props.onRetry}>Retry</Button>
        </div>
      ) : null}

      {props.onSkipIntro ? (
        <button type="button" className={skipClass} onClick={props.onSkipIntro}>
          Skip intro
        </button>
      ) : props.onSkipCredits ? (
        <button type="button" className={skipClass} onClick={props.onSkipCredits}>
          Skip credits
        </button>
      ) : null}
    </>
  );
}
