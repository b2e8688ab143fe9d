import { createInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { parseCompositionDocument } from '@streamflix/composition';
import {
  RemoteLoadError,
  deliveryPlugin,
  getStatuses,
  loadExposed,
  registerComposition,
  requiredExposes,
  resolveRemote,
} from './remote-registry';
import { OVERRIDES_KEY } from './overrides';
import local from '../../composition/local.json';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(() => Promise.resolve({ default: 'federated screen' })),
  createInstance: jest.fn(() => ({
    loadRemote: jest.fn(() => Promise.resolve({ default: 'isolated lifecycles' })),
  })),
}));
jest.mock('../platform/analytics', () => ({ analytics: { track: jest.fn() } }));

const SRI = `sha384-${'B'.repeat(64)}`;

function manifest(
  version: string,
  ranges: Record<string, string> = {},
  exposes = requiredExposes('mf_player'),
) {
  return {
    name: 'mf_player',
    metaData: {
      buildInfo: { buildVersion: version, commit: 'c0ffee' },
      remoteEntry: { name: 'remoteEntry.js', path: '' },
      publicPath: 'auto',
    },
    shared: Object.entries({ react: '^19.0.0', ...ranges }).map(([name, requiredVersion]) => ({
      name,
      version: '19.3.1',
      requiredVersion,
      singleton: true,
    })),
    exposes: [...exposes, 'lifecycles'].map((name) => ({ name })),
  };
}

const served = new Map<string, unknown>();
const fetchMock = jest.fn((url: string) =>
  Promise.resolve(
    served.has(url)
      ? { ok: true, status: 200, json: () => Promise.resolve(served.get(url)) }
      : { ok: false, status: 404, json: () => Promise.resolve({}) },
  ),
);

const url = (v: string) => `https://cdn.example/mf-player/${v}/mf-manifest.json`;

function compose(player: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  registerComposition(
    parseCompositionDocument({
      ...local,
      ...extra,
      remotes: { ...local.remotes, mf_player: player },
    }),
  );
}
const status = () => getStatuses().find((s) => s.remote === 'mf_player')!;

beforeAll(() => {
  process.env.SHARED_PROVIDED = JSON.stringify({ react: '19.3.1' });
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});
beforeEach(() => {
  served.clear();
  fetchMock.mockClear();
  jest.clearAllMocks();
  localStorage.clear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

it('mounts a build that passes the gate federated, fetching its manifest once', async () => {
  served.set(url('0.2.0'), manifest('0.2.0'));
  compose({ manifest: url('0.2.0'), version: '^0.2.0', integrity: SRI });
  await expect(loadExposed('mf_player', 'Watch')).resolves.toEqual({ default: 'federated screen' });
  expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mf_player', entry: url('0.2.0') }], {
    force: true,
  });
  expect(loadRemote).toHaveBeenCalledWith('mf_player/Watch');
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(status()).toMatchObject({ gate: 'passed', mount: 'federated', source: 'environment' });
  expect(status().build?.version).toBe('0.2.0');
  expect(status().loadMs).toEqual(expect.any(Number));

  // The runtime's own manifest request is answered from the gate's copy, and the entry gets its hash.
  const plugin = deliveryPlugin();
  const script = (plugin.createScript as (a: { url: string }) => HTMLScriptElement)({
    url: 'https://cdn.example/mf-player/0.2.0/remoteEntry.js',
  });
  expect(script.integrity).toBe(SRI);
  expect(script.crossOrigin).toBe('anonymous');
  expect(
    (plugin.createScript as (a: { url: string }) => unknown)({ url: 'https://x/y.js' }),
  ).toBeUndefined();
});

it('mounts a build whose only problem is a shared range isolated, in its own federation instance', async () => {
  served.set(url('0.3.0'), manifest('0.3.0', { react: '^20.0.0' }));
  compose({ manifest: url('0.3.0'), version: '0.3.0' });
  expect((await resolveRemote('mf_player')).mount).toBe('isolated');
  expect(createInstance).toHaveBeenCalledWith(
    expect.objectContaining({ shared: {}, remotes: [{ name: 'mf_player', entry: url('0.3.0') }] }),
  );
  expect(registerRemotes).not.toHaveBeenCalled();
  expect(status()).toMatchObject({ gate: 'refused', mount: 'isolated' });
  expect(status().problems.join()).toMatch(/requires react \^20.0.0; the shell provides/);
});

it('falls back to the last known-good entry, then to the outage message', async () => {
  served.set(url('0.3.0'), manifest('0.3.0', {}, ['Trailer']));
  served.set(url('0.2.0'), manifest('0.2.0'));
  const broken = { manifest: url('0.3.0'), version: '0.3.0' };
  compose({ ...broken, fallback: { manifest: url('0.2.0'), version: '0.2.0' } });
  expect((await resolveRemote('mf_player')).mount).toBe('federated');
  expect(status()).toMatchObject({ source: 'fallback', manifest: url('0.2.0') });
  expect(status().problems.join()).toMatch(/does not expose "Watch"/);

  compose(broken);
  await expect(loadExposed('mf_player', 'Watch')).rejects.toThrow(RemoteLoadError);
  expect(status()).toMatchObject({ mount: 'unavailable', gate: 'refused' });
});

it('gates an override too, and falls back to the environment when it is refused', async () => {
  served.set(url('0.2.0'), manifest('0.2.0'));
  served.set('https://pr.example/m.json', { not: 'a manifest' });
  localStorage.setItem(OVERRIDES_KEY, JSON.stringify({ mf_player: 'https://pr.example/m.json' }));
  compose(
    { manifest: url('0.2.0'), version: '0.2.0' },
    { overrides: { allowedOrigins: ['https://pr.example'] } },
  );
  expect(status().source).toBe('override');
  await resolveRemote('mf_player');
  expect(status()).toMatchObject({ source: 'environment', gate: 'passed' });
  expect(status().problems[0]).toMatch(/^override https:\/\/pr.example\/m.json: the manifest/);
});
