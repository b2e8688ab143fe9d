import { abortCanary, promoteCanary, startCanary } from './canary-edits';
import { HttpProblem } from './http-problem';
import type { RemoteEntry } from './schemas';

const stable: RemoteEntry = {
  manifest: 'https://cdn.example/p/1.0.0/mf-manifest.json',
  version: '1.0.0',
  fallback: { manifest: 'https://cdn.example/p/0.9.0/mf-manifest.json', version: '0.9.0' },
};
const next = { manifest: 'https://cdn.example/p/1.1.0/mf-manifest.json', version: '1.1.0' };
const at = new Date('2026-11-27T12:00:00.000Z');
const problemOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof HttpProblem) return err;
    throw err;
  }
  throw new Error('no problem raised');
};

test('start keeps the stable entry and its fallback, and replaces a running canary', () => {
  const started = startCanary('mf_player', stable, next, 5, at);
  expect(started).toEqual({
    ...stable,
    canary: { entry: next, percent: 5, startedAt: at.toISOString() },
  });
  const again = startCanary('mf_player', started, { ...next, version: '1.2.0' }, 1, at);
  expect(again.canary).toMatchObject({ percent: 1, entry: { version: '1.2.0' } });
  expect(problemOf(() => startCanary('mf_player', undefined, next, 5, at))).toMatchObject({
    statusCode: 422,
    error: 'no-stable-entry',
  });
  expect(problemOf(() => startCanary('mf_player', stable, stable, 5, at)).error).toBe(
    'canary-is-stable',
  );
});

test('promote only raises; at 100 the canary is the stable entry, the old stable its fallback', () => {
  const started = startCanary('mf_player', stable, next, 5, at);
  expect(promoteCanary('mf_player', started, 25).canary?.percent).toBe(25);
  expect(problemOf(() => promoteCanary('mf_player', started, 5)).error).toBe('promote-lowers');
  expect(problemOf(() => promoteCanary('mf_player', started, 1)).error).toBe('promote-lowers');
  expect(promoteCanary('mf_player', started, 100)).toEqual({
    ...next,
    fallback: { manifest: stable.manifest, version: stable.version },
  });
  expect(problemOf(() => promoteCanary('mf_player', stable, 50)).error).toBe('no-canary');
});

test('abort returns the stable entry as it was', () => {
  expect(abortCanary('mf_player', startCanary('mf_player', stable, next, 5, at))).toEqual(stable);
  expect(problemOf(() => abortCanary('mf_player', stable)).error).toBe('no-canary');
});
