import {
  contractServes,
  fetchManifest,
  formatGateReport,
  readManifest,
  remoteEntryUrl,
  runGate,
  type GateInput,
} from './compatibility-gate';

const provided = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  jotai: '2.20.3',
  '@tanstack/react-query': '5.108.0',
  '@streamflix/shared': '0.1.0',
};

function manifest(overrides: { shared?: Record<string, string>; version?: string } = {}) {
  const ranges = {
    ...Object.fromEntries(Object.entries(provided).map(([k, v]) => [k, `^${v}`])),
    ...overrides.shared,
  };
  return {
    name: 'mf_player',
    metaData: {
      name: 'mf_player',
      buildInfo: {
        buildVersion: overrides.version ?? '0.3.0',
        commit: 'abc1234',
        contractVersion: '1.0.0',
      },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
    },
    shared: Object.entries(ranges).map(([name, requiredVersion]) => ({
      name,
      version: requiredVersion.replace(/^\^/, ''),
      requiredVersion,
      singleton: true,
    })),
    exposes: [{ name: 'Watch' }, { name: 'lifecycles' }],
  };
}

const input = (m: unknown, extra: Partial<GateInput> = {}): GateInput => ({
  remote: 'mf_player',
  manifest: m,
  requiredExposes: ['Watch'],
  provided,
  ...extra,
});

it('passes a compatible build and reads its build info', () => {
  const report = runGate(
    input(manifest(), { apiContractVersion: '1.2.0', expectedVersion: '^0.3.0' }),
  );
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
  expect(report.manifest?.build).toEqual({
    version: '0.3.0',
    commit: 'abc1234',
    builtAt: undefined,
    contractVersion: '1.0.0',
  });
  expect(report.manifest?.isolatable).toBe(true);
  expect(formatGateReport('mf_player', report)).toMatch(/passed/);
});

it('accepts a newer but compatible shared range', () => {
  const m = manifest({ shared: { react: '^19.3.0', '@streamflix/shared': '^0.1.0' } });
  expect(runGate(input(m)).ok).toBe(true);
});

it('refuses a build against an incompatible React or @streamflix/shared range, naming each', () => {
  const m = manifest({ shared: { react: '^20.0.0', '@streamflix/shared': '^0.2.0' } });
  const report = runGate(input(m));
  expect(report.ok).toBe(false);
  expect(report.sharedProblems).toEqual([
    'it requires react ^20.0.0; the shell provides 19.3.1',
    'it requires @streamflix/shared ^0.2.0; the shell provides 0.1.0',
  ]);
  expect(formatGateReport('mf_player', report)).toContain('  - it requires react ^20.0.0');
});

it('reads @streamflix/shared versions as semver from 1.0: a newer minor is refused by an older shell, a major both ways', () => {
  const built = (range: string) => manifest({ shared: { '@streamflix/shared': range } });
  const shell = (version: string) => ({ provided: { ...provided, '@streamflix/shared': version } });
  // A remote that uses an export added in 1.1 needs a shell that provides it.
  expect(runGate(input(built('^1.1.0'), shell('1.0.0'))).sharedProblems).toEqual([
    'it requires @streamflix/shared ^1.1.0; the shell provides 1.0.0',
  ]);
  expect(runGate(input(built('^1.1.0'), shell('1.2.0'))).ok).toBe(true);
  // An older remote runs on a newer minor of the same major…
  expect(runGate(input(built('^1.0.0'), shell('1.4.2'))).ok).toBe(true);
  // …but not across a major, in either direction.
  expect(runGate(input(built('^1.0.0'), shell('2.0.0'))).ok).toBe(false);
  expect(runGate(input(built('^2.0.0'), shell('1.9.0'))).ok).toBe(false);
});

it('refuses a missing screen, a wrong name, an unexpected version and an old API', () => {
  const m = { ...manifest({ version: '0.4.0' }), name: 'mf_catalog' };
  const report = runGate(
    input(m, {
      requiredExposes: ['Watch', 'Trailer'],
      expectedVersion: '0.3.0',
      apiContractVersion: '2.0.0',
    }),
  );
  expect(report.problems).toEqual([
    'the manifest is for "mf_catalog", not "mf_player"',
    'it is version 0.4.0; the environment expects 0.3.0',
    'it does not expose "Trailer", which the shell\'s routes need',
    "it was built against API contract 1.0.0; the environment's API serves 2.0.0",
  ]);
  expect(report.sharedProblems).toEqual([]);
});

it('refuses a range the shell does not provide or cannot parse', () => {
  const m = manifest({ shared: { jotai: 'not a range' } });
  const report = runGate(input(m, { provided: { ...provided, react: '' } }));
  expect(report.sharedProblems).toEqual([
    'it shares react ^19.3.1, which the shell does not provide',
    'its jotai range "not a range" is not a valid semver range',
  ]);
});

it('names what a malformed manifest lacks', () => {
  expect(runGate(input('html')).problems).toEqual(['the manifest is not a JSON object']);
  expect(readManifest({ metaData: {} }).problems).toEqual([
    'the manifest has no "name"',
    'the manifest names no remote entry (metaData.remoteEntry)',
    'the manifest has no "exposes" list',
    'the manifest has no "shared" list',
  ]);
  const noContract = manifest();
  delete (noContract.metaData.buildInfo as { contractVersion?: string }).contractVersion;
  expect(runGate(input(noContract, { apiContractVersion: '1.0.0' })).problems).toEqual([
    'it does not say which API contract version it was built against',
  ]);
});

it('serves a contract of the same major that is at least as new', () => {
  expect(contractServes('1.2.0', '1.0.0')).toBe(true);
  expect(contractServes('1.0.0', '1.2.0')).toBe(false);
  expect(contractServes('2.0.0', '1.0.0')).toBe(false);
  expect(contractServes('junk', '1.0.0')).toBe(false);
});

it('resolves the remote entry next to the manifest', () => {
  expect(remoteEntryUrl('https://cdn.example/mf-player/0.3.0/mf-manifest.json', manifest())).toBe(
    'https://cdn.example/mf-player/0.3.0/remoteEntry.js',
  );
  expect(remoteEntryUrl('https://cdn.example/x/mf-manifest.json', {})).toBeUndefined();
});

it('turns fetch failures into problems', async () => {
  const down = (() => Promise.reject(new TypeError('down'))) as unknown as typeof fetch;
  expect(await fetchManifest('https://x/m.json', down)).toEqual({
    problem: 'its manifest (https://x/m.json) could not be fetched',
  });
  const respond = (status: number, json: () => Promise<unknown>) =>
    (() => Promise.resolve({ ok: status < 400, status, json })) as unknown as typeof fetch;
  expect(
    (
      await fetchManifest(
        'u',
        respond(404, () => Promise.resolve({})),
      )
    ).problem,
  ).toMatch(/HTTP 404/);
  expect(
    (
      await fetchManifest(
        'u',
        respond(200, () => Promise.reject(new SyntaxError('x'))),
      )
    ).problem,
  ).toMatch(/not valid JSON/);
  expect(
    await fetchManifest(
      'u',
      respond(200, () => Promise.resolve({ a: 1 })),
    ),
  ).toEqual({ json: { a: 1 } });
});
