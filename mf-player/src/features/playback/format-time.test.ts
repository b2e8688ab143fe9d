import { i18n } from '@streamflix/shared';
import { formatTime, spokenTime, trackLabel } from './format-time';

it('formats clock and spoken times', () => {
  expect(formatTime(75)).toBe('1:15');
  expect(formatTime(3725)).toBe('1:02:05');
  expect(formatTime(Number.NaN)).toBe('0:00');
  expect(spokenTime(61)).toBe('1 minute 1 second');
});

describe('trackLabel', () => {
  afterAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  test("a track named by its language's English name is said in the viewer's language", () => {
    i18n.loadAndActivate({ locale: 'ar', messages: {} });
    expect(trackLabel({ name: 'English', lang: 'en' })).toBe('الإنجليزية');
    i18n.loadAndActivate({ locale: 'es', messages: {} });
    expect(trackLabel({ name: 'Spanish', lang: 'es' })).toBe('español');
    expect(trackLabel({ name: 'English (audio description)', lang: 'en' })).toBe(
      'English (audio description)',
    );
    expect(trackLabel({ name: 'Director', lang: '' })).toBe('Director');
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    expect(trackLabel({ name: 'English', lang: 'en' })).toBe('English');
  });
});
