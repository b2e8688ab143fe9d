import { startSession } from '@streamflix/shared';
import { sendPlaybackReport } from './send-playback-report';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

test('a report outlives the page (keepalive) and carries no token, even for a signed-in viewer', async () => {
  startSession({ access: 'A1', refresh: 'R1' }, { id: 'u1' });
  const fetchMock = jest.fn(
    async (_url: string, _init: RequestInit) =>
      ({
        ok: true,
        status: 202,
        json: async () => ({ status: true, message: 'Thanks.' }),
      }) as Response,
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const body = { titleId: 't-1', startup: { seconds: 0.8, height: 720 } };
  sendPlaybackReport(body);
  await Promise.resolve();
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(url).toMatch(/\/v1\/playback\/reports$/);
  expect(init).toMatchObject({ method: 'POST', keepalive: true, body: JSON.stringify(body) });
  expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
});
