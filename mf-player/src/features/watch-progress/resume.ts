/**
 * Where playback starts. Whether a title is finished is the API's rule (`progress.completed`):
 * the playback session's resumePosition is already 0 for one, so no share of the duration is checked here.
 */

/** Closer than this to the end (seconds) counts as finished: start over instead of resuming into the credits. */
export const NEAR_END_SECONDS = 10;
/** A few seconds in is not worth resuming. */
export const MIN_RESUME_SECONDS = 5;

export function resumePosition(
  saved: number | null | undefined,
  duration: number | null | undefined,
): number {
  if (saved == null || !Number.isFinite(saved) || saved < MIN_RESUME_SECONDS) return 0;
  if (duration != null && duration > 0) {
    if (saved >= duration - NEAR_END_SECONDS) return 0;
  }
  return saved;
}
