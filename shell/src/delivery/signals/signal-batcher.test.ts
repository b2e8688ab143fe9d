import { SignalBatcher } from './signal-batcher';
import { attributeRemote, remoteFolders } from './attribution';
import type { CompositionDocument } from '@streamflix/composition';

const sent: string[] = [];
const batcher = (options: { maxBytes?: number; maxBeacons?: number } = {}) =>
  new SignalBatcher({
    session: 'session-0001',
    send: (body) => {
      sent.push(body);
      return true;
    },
    ...options,
  });
beforeEach(() => (sent.length = 0));

const report = { kind: 'unhandled', remote: 'mf_player', version: '1.0.0' };

test('identical errors are folded into one report with a count', () => {
  const b = batcher();
  for (let i = 0; i < 5; i++) b.add(report, 'unhandled|mf_player|boom');
  b.add({ kind: 'session', remote: 'mf_player', version: '1.0.0' });
  b.flush();
  expect(sent.map((s) => JSON.parse(s))).toEqual([
    {
      session: 'session-0001',
      reports: [
        { ...report, count: 5 },
        { kind: 'session', remote: 'mf_player', version: '1.0.0' },
      ],
    },
  ]);
  b.flush();
  expect(sent).toHaveLength(1);
});

test('beacons stay under the size cap, and a page sends at most so many', () => {
  const b = batcher({ maxBytes: 300, maxBeacons: 2 });
  for (let i = 0; i < 12; i++) b.add({ ...report, route: `/r/${i}` });
  b.flush();
  expect(sent).toHaveLength(2);
  for (const body of sent) expect(body.length).toBeLessThanOrEqual(300);
  const carried = sent.flatMap((s) => (JSON.parse(s) as { reports: unknown[] }).reports).length;
  expect(carried + b.dropped).toBe(12);
  expect(b.dropped).toBeGreaterThan(0);
});

test("an error is attributed to the remote whose files its stack names, the shell's own to none", () => {
  const doc = {
    remotes: {
      mf_player: {
        manifest: 'https://cdn.example/mf-player/1.1.0/mf-manifest.json',
        version: '1.1.0',
        fallback: {
          manifest: 'https://cdn.example/mf-player/1.0.0/mf-manifest.json',
          version: '1.0.0',
        },
      },
      mf_catalog: { manifest: 'http://localhost:3001/mf-manifest.json', version: '1.0.0' },
    },
  } as unknown as CompositionDocument;
  const folders = remoteFolders(doc);
  expect(
    attributeRemote('TypeError: x\n    at https://cdn.example/mf-player/1.1.0/123.js:1:9', folders),
  ).toBe('mf_player');
  expect(attributeRemote('http://localhost:3001/__federation_expose_Home.js\nboom', folders)).toBe(
    'mf_catalog',
  );
  expect(attributeRemote('at http://localhost:3100/main.js:1:1', folders)).toBeNull();
  expect(attributeRemote(undefined, folders)).toBeNull();
});
