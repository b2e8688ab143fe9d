import { firstSegment, lightestVariant, warmStream } from './warm-stream';

const MASTER = `#EXTM3U
#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720
720p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360
360p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=1400000,RESOLUTION=854x480
480p/index.m3u8
`;
const MEDIA = `#EXTM3U
#EXT-X-TARGETDURATION:4
#EXTINF:4.0,
seg000.ts
#EXTINF:4.0,
seg001.ts
#EXT-X-ENDLIST
`;

it('picks the lightest variant and the first segment', () => {
  expect(lightestVariant(MASTER)).toBe('360p/index.m3u8');
  expect(lightestVariant('#EXTM3U\n')).toBeNull();
  expect(firstSegment(MEDIA)).toBe('seg000.ts');
  expect(firstSegment('#EXTM3U\n')).toBeNull();
});

it('fetches master, lightest playlist and first segment, resolving relative URIs, once', async () => {
  const fetched: string[] = [];
  global.fetch = jest.fn(async (url: string | URL | Request) => {
    const u = String(url);
    fetched.push(u);
    return { text: async () => (u.endsWith('master.m3u8') ? MASTER : MEDIA) } as Response;
  }) as typeof fetch;
  await warmStream('http://api.test/v1/media/abc/master.m3u8');
  await warmStream('http://api.test/v1/media/abc/master.m3u8');
  expect(fetched).toEqual([
    'http://api.test/v1/media/abc/master.m3u8',
    'http://api.test/v1/media/abc/360p/index.m3u8',
    'http://api.test/v1/media/abc/360p/seg000.ts',
  ]);
});
