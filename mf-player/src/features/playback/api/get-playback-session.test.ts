import type { PlaybackSession } from '@streamflix/shared';
import { playbackOutcome } from './get-playback-session';

describe('playbackOutcome', () => {
  it('plays when the API hands out a stream', () => {
    const session = { titleId: 't-1' } as PlaybackSession;
    expect(playbackOutcome({ status: true, data: session }, false)).toEqual({
      kind: 'ready',
      session,
    });
  });
  it('sends a logged-in viewer without a subscription to the paywall, a guest to premium', () => {
    const denied = {
      status: false as const,
      httpStatus: 403,
      message: 'X is a premium title.',
      fieldErrors: { entitlement: 'subscription_required' },
    };
    expect(playbackOutcome(denied, true)).toMatchObject({
      kind: 'entitlement',
      target: 'paywall',
      message: 'X is a premium title.',
    });
    expect(
      playbackOutcome({ status: false, httpStatus: 401, message: 'Sign in' }, false),
    ).toMatchObject({ kind: 'entitlement', target: 'premium' });
  });
  it('waits while the media is generated', () => {
    expect(playbackOutcome({ status: false, httpStatus: 503 }, false)).toMatchObject({
      kind: 'preparing',
      expectedSeconds: null,
      retryInSeconds: 5,
    });
    // The server's Retry-After is the expected time; asking again stays between 5 and 15 s.
    expect(
      playbackOutcome({ status: false, httpStatus: 503, retryAfterSeconds: 300 }, false),
    ).toMatchObject({ kind: 'preparing', expectedSeconds: 300, retryInSeconds: 15 });
  });
  it('explains a title above the profile’s maturity limit, with what to do', () => {
    const outcome = playbackOutcome(
      {
        status: false,
        httpStatus: 403,
        fieldErrors: { entitlement: 'maturity_ceiling', maturity: '18+' },
      },
      true,
    );
    expect(outcome).toMatchObject({ kind: 'error', retryable: false });
    expect(outcome.kind === 'error' && outcome.message).toMatch(
      /rated 18\+, above this profile’s limit\. Ask the account owner/,
    );
  });
  it("says who is watching when the plan's screens are all in use, and lets the viewer try again", () => {
    const message =
      'Sam is watching on another device. Your Basic plan streams on 1 screen at a time: stop playback there, or upgrade to Premium to watch on up to 4 screens.';
    const outcome = playbackOutcome(
      {
        status: false,
        httpStatus: 409,
        message,
        fieldErrors: { entitlement: 'too_many_streams', profile: 'Sam' },
      },
      true,
    );
    expect(outcome).toEqual({
      kind: 'error',
      title: 'Your plan’s screens are in use',
      message,
      retryable: true,
    });
  });
  it('explains other failures, retryable or not', () => {
    expect(
      playbackOutcome(
        {
          status: false,
          httpStatus: 403,
          message: 'Not in your country',
          fieldErrors: { entitlement: 'not_available_in_country' },
        },
        true,
      ),
    ).toEqual({ kind: 'error', message: 'Not in your country', retryable: false });
    expect(playbackOutcome({ status: false, network: true }, true)).toMatchObject({
      kind: 'error',
      retryable: true,
    });
    expect(playbackOutcome({ status: false, httpStatus: 500 }, true)).toMatchObject({
      kind: 'error',
      retryable: true,
    });
  });
});
