import type { StreamProblem } from '../player-problems';

/**
 * What one playback went through, as the player saw it: heights are of the picture shown
 * (0 when not known yet). The quality tracker produces them; the reporter batches them.
 */
export type QualityEvent =
  /** From the viewer asking to play (their click, or the page load) to the first frame. */
  | { type: 'first-frame'; startupMs: number; height: number }
  | { type: 'stall'; seconds: number; height: number }
  | { type: 'switch'; fromHeight: number; toHeight: number }
  /** A refusal (signed out, screen taken) is the server's decision, not the stream's quality. */
  | { type: 'error'; kind: QualityErrorKind; fatal: boolean; height: number }
  | { type: 'played'; seconds: number; height: number };

export type QualityErrorKind = Exclude<StreamProblem['kind'], 'refused'>;
