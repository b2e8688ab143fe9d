import { screenTakenMessage } from './use-watch-logger';

it("reads the heartbeat's refusal: another device took the screen", () => {
  const message =
    'Sam is watching on another device. Your Basic plan streams on 1 screen at a time: stop playback there, or upgrade to Premium to watch on up to 4 screens.';
  expect(
    screenTakenMessage({
      status: false,
      httpStatus: 409,
      message,
      fieldErrors: { entitlement: 'too_many_streams', profile: 'Sam' },
    }),
  ).toBe(message);
  // Other failures are not a taken screen: a 401 ends the session in the shared client instead.
  expect(screenTakenMessage({ status: true })).toBeNull();
  expect(screenTakenMessage({ status: false, httpStatus: 401, message: 'Signed out' })).toBeNull();
  expect(screenTakenMessage({ status: false, httpStatus: 409, message: 'Other' })).toBeNull();
  expect(screenTakenMessage({ status: false, network: true })).toBeNull();
});
