import { viewerPlaybackSettings } from './viewer-settings';

it('autoplays the next episode unless the viewer turned it off', () => {
  expect(viewerPlaybackSettings(undefined).autoplayNextEpisode).toBe(true);
  expect(viewerPlaybackSettings({ name: 'x' }).autoplayNextEpisode).toBe(true);
  expect(viewerPlaybackSettings({ autoplayNextEpisode: false }).autoplayNextEpisode).toBe(false);
  expect(
    viewerPlaybackSettings({ preferences: { autoplayNextEpisode: false } }).autoplayNextEpisode,
  ).toBe(false);
  expect(
    viewerPlaybackSettings({ playbackSettings: { autoplay: false } }).autoplayNextEpisode,
  ).toBe(false);
});

it('reads the default subtitle language', () => {
  expect(viewerPlaybackSettings({ subtitleLanguage: 'es' }).subtitleLanguage).toBe('es');
  expect(
    viewerPlaybackSettings({ preferences: { defaultSubtitleLanguage: 'en' } }).subtitleLanguage,
  ).toBe('en');
  expect(viewerPlaybackSettings({ subtitleLanguage: 'off' }).subtitleLanguage).toBeNull();
});
