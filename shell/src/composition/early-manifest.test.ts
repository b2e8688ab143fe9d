import { fetchWithEarlyManifest } from './early-manifest';

const URL_ = 'https://cdn.example/mf-catalog/mf-manifest.json';
const network = jest.fn<Promise<Response>, Parameters<typeof fetch>>();

beforeEach(() => {
  network.mockReset();
  network.mockResolvedValue({ ok: true, from: 'network' } as unknown as Response);
  globalThis.fetch = network as unknown as typeof fetch;
});

test("the HTML's early manifest request is used once, then the network", async () => {
  const early = { ok: true, from: 'early' } as unknown as Response;
  window.__sfEarlyManifest = { url: URL_, response: Promise.resolve(early) };
  expect(await fetchWithEarlyManifest(URL_, { cache: 'no-cache' })).toBe(early);
  expect(network).not.toHaveBeenCalled();
  await fetchWithEarlyManifest(URL_, { cache: 'no-cache' });
  expect(network).toHaveBeenCalledWith(URL_, { cache: 'no-cache' });
});

test('a failed or unsuccessful early request, or another URL, goes to the network', async () => {
  window.__sfEarlyManifest = { url: URL_, response: Promise.resolve(null) };
  expect(await fetchWithEarlyManifest(URL_)).toMatchObject({ from: 'network' });
  window.__sfEarlyManifest = {
    url: URL_,
    response: Promise.resolve({ ok: false, status: 502 } as Response),
  };
  expect(await fetchWithEarlyManifest(URL_)).toMatchObject({ from: 'network' });
  window.__sfEarlyManifest = { url: URL_, response: Promise.resolve({ ok: true } as Response) };
  await fetchWithEarlyManifest('https://cdn.example/other/mf-manifest.json');
  expect(network).toHaveBeenCalledTimes(3);
  expect(window.__sfEarlyManifest).toBeDefined();
});
