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
