import { describeFailure, fieldErrorsFor } from './describe-failure';

it("shows the server's message from a login body (403 or status false, spec §8)", () => {
  expect(
    describeFailure({
      status: false,
      httpStatus: 403,
      body: { status: false, message: 'This account is disabled.' },
    }),
  ).toBe('This account is disabled.');
  expect(
    describeFailure({
      status: false,
      httpStatus: 200,
      body: { status: false, message: 'Nope.' },
      message: 'Nope.',
    }),
  ).toBe('Nope.');
});

it('shows when to retry on 429, with a clear fallback when the server gave no message', () => {
  expect(
    describeFailure({
      status: false,
      httpStatus: 429,
      message: 'Too many sign-in attempts. Try again in 15 minute(s).',
    }),
  ).toMatch(/15 minute/);
  expect(describeFailure({ status: false, httpStatus: 429 })).toMatch(/wait a few minutes/i);
});

it('says offline on a bare network failure, and something clear for a server error', () => {
  expect(describeFailure({ status: false, network: true })).toMatch(/offline/i);
  expect(describeFailure({ status: false, httpStatus: 500 })).toMatch(/went wrong on our side/i);
});

it('keeps only the field errors the form shows', () => {
  const r = {
    status: false as const,
    httpStatus: 400,
    fieldErrors: { email: 'Taken', other: 'x' },
  };
  expect(fieldErrorsFor(r, ['email', 'password'] as const)).toEqual({ email: 'Taken' });
});

it("turns the API's field fragments into a sentence", () => {
  const r = {
    status: false as const,
    httpStatus: 400,
    message: 'Please enter your name.',
    fieldErrors: { name: 'is required' },
  };
  expect(fieldErrorsFor(r, ['name'] as const)).toEqual({ name: 'Please enter your name.' });
  expect(
    fieldErrorsFor({ status: false, fieldErrors: { name: 'is required' } }, ['name'] as const),
  ).toEqual({ name: 'This field is required.' });
});
