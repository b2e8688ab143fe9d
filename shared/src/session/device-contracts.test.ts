import {
  DEVICE_KEYS,
  clearGuestMyList,
  readGuestGenres,
  readGuestMyList,
  readPlayerPreferences,
  writeGuestMyList,
  writePlayerPreferences,
  DEVICE_PROFILE,
  readProfilePlayerPreferences,
  writeProfilePlayerPreferences,
} from './device-contracts';

beforeEach(() => localStorage.clear());

it('keeps the spec keys', () => {
  expect(DEVICE_KEYS).toEqual({
    guestMyList: 'guestMyList',
    guestGenres: 'guestGenres',
    playerPreferences: 'sf-player:preferences',
  });
});

it('round-trips the guest list without duplicates, and clears it', () => {
  writeGuestMyList(['a', 'b', 'a']);
  expect(JSON.parse(localStorage.getItem('guestMyList')!)).toEqual(['a', 'b']);
  expect(readGuestMyList()).toEqual(['a', 'b']);
  clearGuestMyList();
  expect(localStorage.getItem('guestMyList')).toBeNull();
});

it('reads corrupt or foreign values as empty, and old numeric ids as strings', () => {
  localStorage.setItem('guestMyList', '{not json');
  expect(readGuestMyList()).toEqual([]);
  localStorage.setItem('guestGenres', JSON.stringify({ ids: [1] }));
  expect(readGuestGenres()).toEqual([]);
  localStorage.setItem('guestGenres', JSON.stringify([3, 'drama', null, '']));
  expect(readGuestGenres()).toEqual(['3', 'drama']);
});

it('validates each player preference and keeps fields a writer does not know', () => {
  localStorage.setItem(
    'sf-player:preferences',
    JSON.stringify({ volume: 7, muted: true, subtitleLanguage: 5, future: 'x' }),
  );
  expect(readPlayerPreferences()).toEqual({ muted: true });
  writePlayerPreferences({ autoplayNext: false });
  expect(JSON.parse(localStorage.getItem('sf-player:preferences')!)).toEqual({
    volume: 7,
    muted: true,
    subtitleLanguage: 5,
    future: 'x',
    autoplayNext: false,
  });
  localStorage.setItem('sf-player:preferences', '[]');
  expect(readPlayerPreferences()).toEqual({});
});

it('keeps each profile’s player choices apart, and reads a corrupt profile record as empty', () => {
  writeProfilePlayerPreferences({ audio: { en: { language: 'es', description: false } } });
  writeProfilePlayerPreferences({ captionStyle: { size: 'large' } });
  writeProfilePlayerPreferences({ captionStyle: { size: 'small' } }, 'p-2');
  expect(readProfilePlayerPreferences()).toEqual({
    audio: { en: { language: 'es', description: false } },
    captionStyle: { size: 'large' },
  });
  expect(readProfilePlayerPreferences(DEVICE_PROFILE)).toEqual(readProfilePlayerPreferences());
  expect(readProfilePlayerPreferences('p-2')).toEqual({ captionStyle: { size: 'small' } });
  expect(readProfilePlayerPreferences('nobody')).toEqual({});

  localStorage.setItem(
    'sf-player:preferences',
    JSON.stringify({
      profiles: { device: { audio: { en: { language: 3 }, fr: 'x' }, captionStyle: [] }, bad: 7 },
    }),
  );
  expect(readProfilePlayerPreferences()).toEqual({ audio: {} });
  expect(readPlayerPreferences().profiles).toEqual({ device: { audio: {} } });
});
