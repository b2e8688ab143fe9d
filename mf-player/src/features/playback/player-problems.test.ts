import { codecNames, explainProblem, reconnectMessage } from './player-problems';

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
