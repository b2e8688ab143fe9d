import { analyticsConsentAtom, sessionStore, track } from '@streamflix/shared';
import {
  REPLAY_BLOCKED,
  SESSION_REPLAY_SAMPLE_RATE,
  amplitudeInitOptions,
  sessionReplayOptions,
  startAnalytics,
} from './analytics';
import { localRecorder } from './analytics-recorder';

const setDoNotTrack = (value: string | null) =>
  Object.defineProperty(navigator, 'doNotTrack', { value, configurable: true });

afterEach(() => {
  localRecorder.clear();
  localStorage.clear();
  setDoNotTrack(null);
});

it('starts Amplitude with default tracking on and replays 0.83 of sessions', () => {
  expect(SESSION_REPLAY_SAMPLE_RATE).toBe(0.83);
  expect(amplitudeInitOptions()).toMatchObject({ autocapture: true });
  expect(sessionReplayOptions().sampleRate).toBe(0.83);
});

it('masks every input and all text, and never records card or password fields', () => {
  const { privacyConfig } = sessionReplayOptions();
  expect(privacyConfig.defaultMaskLevel).toBe('conservative');
  expect(privacyConfig.maskSelector).toEqual(
    expect.arrayContaining(['input', 'textarea', 'select']),
  );
  document.body.innerHTML = `
    <input type="password" id="pw">
    <input autocomplete="cc-number" id="card">
    <input autocomplete="cc-exp" id="exp">
    <input type="email" id="email">`;
  const blocked = (id: string) =>
    REPLAY_BLOCKED.some((selector) => document.getElementById(id)!.matches(selector));
  expect(blocked('pw')).toBe(true);
  expect(blocked('card')).toBe(true);
  expect(blocked('exp')).toBe(true);
  expect(blocked('email')).toBe(false); // masked, not blocked
});

it('records nothing before consent, records after it, and stops when it is withdrawn', () => {
  const stop = startAnalytics({});
  track('page_view', { path: '/', title: 'Home Page' });
  expect(localRecorder.events()).toEqual([]);

  sessionStore.set(analyticsConsentAtom, 'granted');
  track('search', { query: 'space', results: 3 });
  expect(localRecorder.events()).toEqual([
    expect.objectContaining({ name: 'search', properties: { query: 'space', results: 3 } }),
  ]);
  expect(localRecorder.mode).toBe('local');

  sessionStore.set(analyticsConsentAtom, 'denied');
  track('play_started', { titleId: 't1', positionSeconds: 0 });
  expect(localRecorder.events()).toHaveLength(1);
  stop();
});

it('honours Do Not Track even after consent', () => {
  setDoNotTrack('1');
  sessionStore.set(analyticsConsentAtom, 'granted');
  const stop = startAnalytics({});
  track('page_view', { path: '/', title: 'Home Page' });
  expect(localRecorder.events()).toEqual([]);
  stop();
});

it('sends the page view to gtag with the page title when an id is configured', () => {
  sessionStore.set(analyticsConsentAtom, 'granted');
  const stop = startAnalytics({ analyticsId: 'G-TEST' });
  const w = window as unknown as { dataLayer: IArguments[] };
  track('page_view', { path: '/', title: 'Home Page' });
  const calls = w.dataLayer.map((args) => Array.from(args));
  expect(calls).toContainEqual(['event', 'page_view', { page_title: 'Home Page', page_path: '/' }]);
  expect(
    document.querySelector('script[src*="googletagmanager.com/gtag/js?id=G-TEST"]'),
  ).not.toBeNull();
  stop();
});
