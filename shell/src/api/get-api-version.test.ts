import { getApiVersion } from './get-api-version';

const answer = (status: number, body: unknown) =>
  jest.fn().mockResolvedValue({ ok: status < 400, status, json: async () => body });

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

it('reads the contract version from the API’s OpenAPI document', async () => {
  const fetch = answer(200, { info: { version: '1.2.0' } });
  Object.assign(globalThis, { fetch });
  await expect(getApiVersion('http://api.test')).resolves.toBe('1.2.0');
  expect(fetch).toHaveBeenCalledWith('http://api.test/v1/openapi.json', { signal: undefined });
});

it('says when the document states no version, and fails with the status when refused', async () => {
  Object.assign(globalThis, { fetch: answer(200, { info: {} }) });
  await expect(getApiVersion('http://api.test')).resolves.toBe('not stated');
  Object.assign(globalThis, { fetch: answer(503, {}) });
  await expect(getApiVersion('http://api.test')).rejects.toThrow('HTTP 503');
});
