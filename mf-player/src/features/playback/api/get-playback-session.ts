import { i18n } from '@streamflix/shared';
import { callOperation, type ApiFailure, type PlaybackSession } from '@streamflix/shared';

export interface PlaybackRequest {
  titleId: string;
  /** Series: the episode to play; absent lets the API continue where the viewer left off. */
  episodeId?: string;
}

export type PlaybackOutcome =
  | { kind: 'ready'; session: PlaybackSession }
  /** Premium without a subscription: logged-in viewers go to /paywall, guests to /premium. */
  | { kind: 'entitlement'; target: 'paywall' | 'premium'; message: string }
  /**
   * The server is still generating the media: ask again after `retryInSeconds`; the server
   * expects to be ready in about `expectedSeconds` (its Retry-After).
   */
  | { kind: 'preparing'; message: string; retryInSeconds: number; expectedSeconds: number | null }
  | { kind: 'error'; message: string; retryable: boolean; title?: string };

/** Turns the playback endpoint's answer into what the screen does next. Pure, so it is tested. */
export function playbackOutcome(
  result: { status: true; data: PlaybackSession } | ApiFailure,
  isLoggedIn: boolean,
): PlaybackOutcome {
  if (result.status) return { kind: 'ready', session: result.data };
  const f = result;
  const entitlement = f.fieldErrors?.entitlement;
  if (f.httpStatus === 401) {
    return {
      kind: 'entitlement',
      target: 'premium',
      message:
        f.message ??
        i18n._({
          id: 'mf-player.session.signInToWatch',
          message: 'Sign in and subscribe to watch this title.',
        }),
    };
  }
  if (f.httpStatus === 403 && entitlement === 'subscription_required') {
    return {
      kind: 'entitlement',
      target: isLoggedIn ? 'paywall' : 'premium',
      message:
        f.message ??
        i18n._({
          id: 'mf-player.session.premium',
          message: 'This is a premium title. Subscribe to watch it.',
        }),
    };
  }
  if (f.httpStatus === 503) {
    return {
      kind: 'preparing',
      message:
        f.message ??
        i18n._({
          id: 'mf-player.session.preparing',
          message: 'This video is still being prepared. It will start in a moment.',
        }),
      // Asked again often enough to start soon after it is ready, never more than every 5 s.
      retryInSeconds: Math.max(5, Math.min(f.retryAfterSeconds ?? 5, 15)),
      expectedSeconds: f.retryAfterSeconds ?? null,
    };
  }
  if (f.httpStatus === 409 && entitlement === 'too_many_streams') {
    // The plan's screens are all in use: the server names who is watching and what to do.
    return {
      kind: 'error',
      title: i18n._({ id: 'mf-player.screens.inUse', message: 'Your plan’s screens are in use' }),
      message:
        f.message ??
        i18n._({
          id: 'mf-player.session.tooManyStreams',
          message:
            'Your plan is already streaming on as many screens as it allows. Stop playback on another device and try again.',
        }),
      retryable: true,
    };
  }
  if (f.httpStatus === 403 && entitlement === 'maturity_ceiling') {
    // Profiles (households) bring a per-profile maturity limit; the player already explains it.
    const rating = f.fieldErrors?.maturity;
    return {
      kind: 'error',
      message: rating
        ? i18n._({
            id: 'mf-player.session.maturityRated',
            message:
              'This title is rated {rating}, above this profile’s limit. Ask the account owner to change the profile’s maturity setting, or pick another title.',
            values: { rating },
          })
        : i18n._({
            id: 'mf-player.session.maturity',
            message:
              'This title is rated above this profile’s limit. Ask the account owner to change the profile’s maturity setting, or pick another title.',
          }),
      retryable: false,
    };
  }
  if (f.network) {
    return {
      kind: 'error',
      message: i18n._({
        id: 'mf-player.session.offline',
        message: 'You appear to be offline. Check your connection and try again.',
      }),
      retryable: true,
    };
  }
  if (f.httpStatus === 404)
    return {
      kind: 'error',
      message:
        f.message ??
        i18n._({ id: 'mf-player.session.notFound', message: 'We could not find that title.' }),
      retryable: false,
    };
  if (f.httpStatus === 403) {
    return {
      kind: 'error',
      message:
        f.message ??
        i18n._({
          id: 'mf-player.session.notAvailable',
          message: 'This title is not available to you.',
        }),
      retryable: false,
    };
  }
  return {
    kind: 'error',
    message:
      f.message ??
      i18n._({
        id: 'mf-player.session.failed',
        message: 'Playback could not start. Please try again.',
      }),
    retryable: true,
  };
}

export async function getPlaybackSession(
  req: PlaybackRequest,
  isLoggedIn: boolean,
): Promise<PlaybackOutcome> {
  const result = await callOperation('GET /playback/{titleId}', {
    params: { titleId: req.titleId },
    query: req.episodeId ? { episodeId: req.episodeId } : undefined,
  });
  return playbackOutcome(result, isLoggedIn);
}
