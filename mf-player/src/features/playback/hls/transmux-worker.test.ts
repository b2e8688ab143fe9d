import {
  HLS_WORKER_FILE,
  attachTransmuxWorker,
  prepareTransmuxWorker,
  resetTransmuxWorker,
} from './transmux-worker';

const BASE = 'http://localhost:3002/';
const WORKER_CODE = 'self.onmessage = function () {};';

function fakeFetch(answer: { ok: boolean; body?: string } | 'offline') {
  const fetched: string[] = [];
  global.fetch = jest.fn(async (url: string | URL | Request) => {
    fetched.push(String(url));
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return { ok: answer.ok, text: async () => answer.body ?? '' } as Response;
  });
  return fetched;
}

const blobs: Blob[] = [];
beforeEach(() => {
  resetTransmuxWorker();
  blobs.length = 0;
  (globalThis as { Worker?: unknown }).Worker = function Worker() {};
  URL.createObjectURL = jest.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:http://localhost:3000/${blobs.length}`;
  });
  process.env.HLS_VERSION = '1.7.4';
});
afterEach(() => {
  delete (globalThis as { Worker?: unknown }).Worker;
  delete process.env.HLS_VERSION;
});

const hlsLike = (enableWorker = true) => ({
  config: { enableWorker, workerPath: null as string | null },
});

describe('the transmuxer worker (issue 36)', () => {
  it("fetches the build's worker beside its entry once, and starts it from this page's origin", async () => {
    const fetched = fakeFetch({ ok: true, body: WORKER_CODE });
    const first = prepareTransmuxWorker(BASE);
    expect(await first).toBe('blob:http://localhost:3000/1');
    // A second stream on the page (the player after the early engine's) reuses it.
    expect(await prepareTransmuxWorker(BASE)).toBe('blob:http://localhost:3000/1');
    expect(fetched).toEqual([`${BASE}${HLS_WORKER_FILE}`]);
    expect(blobs[0]?.type).toBe('text/javascript');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(text).toBe(WORKER_CODE);
  });

  it.each([
    ['a missing file', { ok: false }],
    ['an empty answer', { ok: true, body: '' }],
    ['no network', 'offline' as const],
  ])('leaves transmuxing in the page after %s', async (_what, answer) => {
    fakeFetch(answer);
    expect(await prepareTransmuxWorker(BASE)).toBeNull();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('asks for nothing where there is no base or no Worker', async () => {
    const fetched = fakeFetch({ ok: true, body: WORKER_CODE });
    expect(await prepareTransmuxWorker(undefined)).toBeNull();
    resetTransmuxWorker();
    delete (globalThis as { Worker?: unknown }).Worker;
    expect(await prepareTransmuxWorker(BASE)).toBeNull();
    expect(fetched).toEqual([]);
  });

  it('gives hls.js the worker when its version is the one the worker was built from', async () => {
    fakeFetch({ ok: true, body: WORKER_CODE });
    await prepareTransmuxWorker(BASE);
    const hls = hlsLike();
    expect(await attachTransmuxWorker(hls, '1.7.4')).toBe(true);
    expect(hls.config.workerPath).toBe('blob:http://localhost:3000/1');
  });

  it("keeps another hls.js version (the catalogue's shared copy) in the page: the messages may differ", async () => {
    fakeFetch({ ok: true, body: WORKER_CODE });
    await prepareTransmuxWorker(BASE);
    const hls = hlsLike();
    expect(await attachTransmuxWorker(hls, '1.7.5')).toBe(false);
    expect(hls.config.workerPath).toBeNull();
    // A build without the version (a test, a dev server) does not guess either.
    delete process.env.HLS_VERSION;
    expect(await attachTransmuxWorker(hls, '1.7.4')).toBe(false);
    expect(hls.config.workerPath).toBeNull();
  });

  it('respects hls.js having switched the worker off (a worker that failed at run time)', async () => {
    fakeFetch({ ok: true, body: WORKER_CODE });
    await prepareTransmuxWorker(BASE);
    const hls = hlsLike(false);
    expect(await attachTransmuxWorker(hls, '1.7.4')).toBe(false);
    expect(hls.config.workerPath).toBeNull();
  });
});
