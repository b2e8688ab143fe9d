import { formatTime, spokenTime } from './format-time';

it('formats clock and spoken times', () => {
  expect(formatTime(75)).toBe('1:15');
  expect(formatTime(3725)).toBe('1:02:05');
  expect(formatTime(Number.NaN)).toBe('0:00');
  expect(spokenTime(61)).toBe('1 minute 1 second');
});
