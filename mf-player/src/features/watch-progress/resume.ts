/** Where playback starts. */

/** Closer than this to the end (seconds) counts as finished: start over instead of resuming into the credits. */
export const NEAR_END_SECONDS = 10;
/** Past this share of the duration counts as finished (the API marks 95% as completed). */
export const FINISHED_RATIO = 0.95;
/** A few seconds in is not worth resuming. */
export const MIN_RESUME_SECONDS = 5;

export function resumePosition(
  saved: number | null | undefined,
  duration: number | null | undefined,
): number {
  if (saved == null || !Number.isFinite(saved) || saved < MIN_RESUME_SECONDS) return 0;
  if (duration != null && duration > 0) {
    if (saved >= duration - NEAR_END_SECONDS || saved / duration >= FINISHED_RATIO) return 0;
  }
  return saved;
}
