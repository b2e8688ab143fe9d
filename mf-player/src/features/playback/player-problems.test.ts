import { REFUSED_STATUSES, codecNames, explainProblem, reconnectMessage } from './player-problems';

it('names the codecs a browser refused, and says what to try', () => {
  expect(codecNames(['avc1.4d401e,mp4a.40.2', 'avc1.64001f,mp4a.40.2'])).toEqual([
    'H.264 video (Main profile) — avc1.4d401e',
    'AAC audio — mp4a.40.2',
    'H.264 video (High profile) — avc1.64001f',
  ]);
  const e = explainProblem({ kind: 'decode', codecs: ['avc1.64001f'] });
  expect(e.title).toMatch(/can’t decode/);
  expect(e.cause).toContain('H.264 video (High profile)');
  expect(e.next).toMatch(/Chrome, Edge, Firefox or Safari/);
});

it('gives every kind of failure a cause and a next step', () => {
  for (const p of [
    { kind: 'unsupported' },
    { kind: 'missing' },
    { kind: 'network' },
    { kind: 'other', detail: 'x' },
  ] as const) {
    const e = explainProblem(p);
    expect(e.title.length && e.cause.length && e.next.length).toBeTruthy();
  }
});

it('tells offline apart from a retry in progress', () => {
  expect(reconnectMessage({ offline: true, attempt: 0 })).toMatch(/offline/);
  expect(reconnectMessage({ offline: false, attempt: 2 })).toMatch(/Retrying \(attempt 2\)/);
});

it('says why the server stopped a stream, by its answer', () => {
  expect(REFUSED_STATUSES.has(404)).toBe(false);
  const signedOut = explainProblem({ kind: 'refused', status: 401 });
  expect(signedOut.title).toBe('You’ve been signed out, so playback stopped.');
  expect(signedOut.cause).toMatch(/Sign out of all devices/);
  expect(signedOut.next).toMatch(/Sign in again/);
  const taken = explainProblem({ kind: 'refused', status: 409 });
  expect(taken.title).toBe('Someone else is watching on another device.');
  expect(taken.next).toMatch(/Stop playback on another device/);
  for (const status of [403, 410]) {
    const stopped = explainProblem({ kind: 'refused', status });
    expect(stopped.title).toBe('This stream stopped.');
    expect(stopped.next).toMatch(/Retry/);
  }
});
