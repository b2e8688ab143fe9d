import { readPreferences, savePreferences } from './player-preferences';

beforeEach(() => localStorage.clear());

it('reads the autoplay choice the account settings wrote into the shared record', () => {
  expect(readPreferences().autoplayNext).toBeNull();
  localStorage.setItem(
    'sf-player:preferences',
    JSON.stringify({ autoplayNext: false, subtitleLanguage: 'es' }),
  );
  expect(readPreferences()).toMatchObject({ autoplayNext: false, subtitleLanguage: 'es' });
});

it('ignores a corrupt record', () => {
  localStorage.setItem('sf-player:preferences', '{nope');
  expect(readPreferences()).toMatchObject({
    volume: 1,
    muted: false,
    shortcuts: true,
    autoplayNext: null,
  });
});

it('keeps remapped shortcuts and the captions announcement on this device', () => {
  const keyMap = { ...readPreferences().keyMap, 'seek-back': ['j'] };
  savePreferences({ keyMap, announceCaptions: true });
  expect(readPreferences()).toMatchObject({
    keyMap: { 'seek-back': ['j'], 'toggle-play': [' ', 'k'] },
    announceCaptions: true,
  });
});

it('keeps the audio choice and caption style per profile, this device’s until profiles exist', () => {
  savePreferences({
    audio: { en: { language: 'es', description: false } },
    captionStyle: { size: 'large', color: 'yellow', background: 0, font: 'serif' },
  });
  savePreferences({ volume: 0.4 });
  const stored = JSON.parse(localStorage.getItem('sf-player:preferences')!);
  expect(stored.profiles.device).toEqual({
    audio: { en: { language: 'es', description: false } },
    captionStyle: { size: 'large', color: 'yellow', background: 0, font: 'serif' },
  });
  expect(stored.volume).toBe(0.4);
  expect(readPreferences().captionStyle.size).toBe('large');
  // Another profile starts from the defaults.
  expect(readPreferences('p-2')).toMatchObject({ audio: {}, captionStyle: { size: 'medium' } });
});
