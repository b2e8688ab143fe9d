import { defaultAudio, segmentAt, variantsOf, warmStream, warmedStart } from './warm-stream';

const MASTER = `#EXTM3U
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Español",LANGUAGE="es",DEFAULT=NO,URI="audio/es/index.m3u8"
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",DEFAULT=YES,URI="audio/en/index.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,URI="subs/en.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720,AUDIO="aud"
720p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=450000,RESOLUTION=426x240,AUDIO="aud"
240p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=1100000,RESOLUTION=640x360,AUDIO="aud"
360p/index.m3u8
`;
const MEDIA = `#EXTM3U
#EXT-X-TARGETDURATION:2
#EXTINF:2.0,
seg-000.ts
#EXTINF:2.0,
seg-001.ts
#EXTINF:1.5,
seg-002.ts
#EXT-X-ENDLIST
`;

function setDownlink(mbps: number | undefined) {
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    value: mbps === undefined ? undefined : { downlink: mbps },
  });
}

function fakeFetch() {
  const fetched: string[] = [];
  global.fetch = jest.fn(async (url: string | URL | Request) => {
    const u = String(url);
    fetched.push(u);
    return {
      text: async () => (u.endsWith('master.m3u8') ? MASTER : MEDIA),
      arrayBuffer: async () => new ArrayBuffer(50_000),
    } as Response;
  }) as typeof fetch;
  return fetched;
}

afterEach(() => setDownlink(undefined));

it('reads variants, the default audio and the segment that holds a time', () => {
  expect(variantsOf(MASTER)).toEqual([
    { uri: '720p/index.m3u8', bandwidth: 2_800_000 },
    { uri: '240p/index.m3u8', bandwidth: 450_000 },
    { uri: '360p/index.m3u8', bandwidth: 1_100_000 },
  ]);
  expect(variantsOf('#EXTM3U\n')).toEqual([]);
  expect(defaultAudio(MASTER)).toBe('audio/en/index.m3u8');
  expect(defaultAudio('#EXTM3U\n')).toBeNull();
  expect(segmentAt(MEDIA)).toBe('seg-000.ts');
  expect(segmentAt(MEDIA, 1.99)).toBe('seg-000.ts');
  expect(segmentAt(MEDIA, 2)).toBe('seg-001.ts');
  expect(segmentAt(MEDIA, 4.2)).toBe('seg-002.ts');
  expect(segmentAt(MEDIA, 90)).toBe('seg-002.ts');
  expect(segmentAt('#EXTM3U\n')).toBeNull();
});

it('without a bandwidth estimate, warms the lightest rung and the default audio, once', async () => {
  const fetched = fakeFetch();
  const master = 'http://api.test/v1/media/abc/master.m3u8';
  await Promise.all([warmStream(master), warmStream(master)]);
  await warmStream(master);
  expect(fetched.sort()).toEqual(
    [
      master,
      'http://api.test/v1/media/abc/240p/index.m3u8',
      'http://api.test/v1/media/abc/240p/seg-000.ts',
      'http://api.test/v1/media/abc/audio/en/index.m3u8',
      'http://api.test/v1/media/abc/audio/en/seg-000.ts',
    ].sort(),
  );
  expect(warmedStart(master)).toMatchObject({
    variant: 'http://api.test/v1/media/abc/240p/index.m3u8',
    segment: 'http://api.test/v1/media/abc/240p/seg-000.ts',
  });
  expect(warmedStart(master)!.requestedAt).toBeGreaterThanOrEqual(0);
});

it('on a fast connection starts a rung up, and a resumed title at its resume point', async () => {
  setDownlink(9);
  const fetched = fakeFetch();
  await warmStream('http://api.test/v1/media/fast/master.m3u8', 3);
  expect(fetched).toContain('http://api.test/v1/media/fast/360p/seg-001.ts');
  expect(fetched).toContain('http://api.test/v1/media/fast/audio/en/seg-001.ts');
  expect(fetched.some((u) => u.includes('240p') || u.includes('720p'))).toBe(false);
});
