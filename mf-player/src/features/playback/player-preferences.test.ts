import { readPreferences } from './player-preferences';

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
