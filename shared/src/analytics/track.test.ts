import { sessionStore } from '../session/session-atoms';
import { analyticsConsentAtom } from './analytics-consent';
import { setAnalyticsSink, track, type AnalyticsEvent } from './track';

afterEach(() => {
  setAnalyticsSink(null);
  localStorage.clear();
});

test('with consent, events raised before the sink connects go out when it does, in order', () => {
  sessionStore.set(analyticsConsentAtom, 'granted');
  track('page_view', { path: '/', title: 'Home Page' });
  track('search', { query: 'the', results: 3 });
  const got: AnalyticsEvent[] = [];
  setAnalyticsSink((e) => got.push(e));
  expect(got.map((e) => e.name)).toEqual(['page_view', 'search']);
  // Delivered once: a later sink does not see them again.
  const again: AnalyticsEvent[] = [];
  setAnalyticsSink((e) => again.push(e));
  expect(again).toEqual([]);
});

test('without consent nothing is kept for later', () => {
  sessionStore.set(analyticsConsentAtom, 'denied');
  track('page_view', { path: '/', title: 'Home Page' });
  sessionStore.set(analyticsConsentAtom, 'granted');
  const got: AnalyticsEvent[] = [];
  setAnalyticsSink((e) => got.push(e));
  expect(got).toEqual([]);
});

test('consent withdrawn before the sink connects drops what waited', () => {
  sessionStore.set(analyticsConsentAtom, 'granted');
  track('page_view', { path: '/', title: 'Home Page' });
  sessionStore.set(analyticsConsentAtom, 'denied');
  const got: AnalyticsEvent[] = [];
  setAnalyticsSink((e) => got.push(e));
  expect(got).toEqual([]);
});

test('consent withdrawn and given again: what waited before the no is never sent', () => {
  sessionStore.set(analyticsConsentAtom, 'granted');
  track('page_view', { path: '/before', title: 'Before' });
  sessionStore.set(analyticsConsentAtom, 'denied');
  sessionStore.set(analyticsConsentAtom, 'granted');
  track('page_view', { path: '/after', title: 'After' });
  const got: AnalyticsEvent[] = [];
  setAnalyticsSink((e) => got.push(e));
  expect(got.map((e) => e.properties)).toEqual([{ path: '/after', title: 'After' }]);
});

test('the queue is bounded', () => {
  sessionStore.set(analyticsConsentAtom, 'granted');
  for (let i = 0; i < 200; i += 1) track('page_view', { path: `/${i}`, title: 't' });
  const got: AnalyticsEvent[] = [];
  setAnalyticsSink((e) => got.push(e));
  expect(got).toHaveLength(50);
});
