import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MediaState } from '../services/media-state';
import { MediaUrlSigner } from '../../../lib/media-urls';
import { buildTestApp, useTestApp } from '../../../test/test-app';

const t = useTestApp();

/** The signed folder of a media key, as a guest's free title hands it out (path only). */
const folder = (app: FastifyInstance, key = 'clip-a', titleId = 't-free') =>
  new MediaUrlSigner(app.ctx.config.mediaUrlSecret, 3600).folder({ titleId, lease: null }, key);

describe('media files', () => {
  test('HLS playlists, segments and subtitles have the right content types and CORS', async () => {
    const origin = 'http://localhost:3001';
    const played = await t.app.inject('/v1/playback/t-free');
    const url = new URL(played.json().data.stream.url as string);
    const master = await t.app.inject({ url: url.pathname, headers: { origin } });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['access-control-allow-origin']).toBe(origin);
    expect(master.body).toContain('#EXTM3U');
    // The playlist's relative URIs resolve under the same signed folder.
    const variant = new URL('360p/index.m3u8', url);
    expect((await t.app.inject(variant.pathname)).statusCode).toBe(200);
    expect((await t.app.inject(new URL('seg0.ts', variant).pathname)).headers['content-type']).toBe(
      'video/mp2t',
    );
    const subtitles = played.json().data.subtitles as Array<{ url: string }>;
    const vtt = await t.app.inject(new URL(subtitles[0]!.url).pathname);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
  });

  test('byte ranges answer 206 with Content-Range; impossible ranges 416', async () => {
    const seg = `${folder(t.app)}360p/seg0.ts`;
    const res = await t.app.inject({ url: seg, headers: { range: 'bytes=100-199' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.rawPayload.length).toBe(100);
    const suffix = await t.app.inject({ url: seg, headers: { range: 'bytes=-10' } });
    expect(suffix.headers['content-range']).toBe('bytes 990-999/1000');
    const bad = await t.app.inject({ url: seg, headers: { range: 'bytes=5000-' } });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe('bytes */1000');
  });

  test('over a real socket, every segment answers once: 200, full body, CORS (no second 404 reply)', async () => {
    const warn = jest.spyOn(t.app.log, 'warn');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (let i = 0; i < 5; i += 1) {
        const res = await fetch(`${address}${folder(t.app)}360p/seg0.ts`, {
          headers: { origin: 'http://localhost:3000' },
        });
        expect(res.status).toBe(200);
        expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
        expect((await res.arrayBuffer()).byteLength).toBe(1000);
      }
      const already = warn.mock.calls.filter((c) => JSON.stringify(c).includes('already sent'));
      expect(already).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  test('trickplay index and sprites are served like segments, and the playback session links them', async () => {
    const mediaRoot = path.join(t.dataDir, 'media');
    const key = t.catalogue.titles.find((x) => x.id === 't-free')!.mediaKey;
    mkdirSync(path.join(mediaRoot, key, 'trickplay'), { recursive: true });
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(500, 1)]);
    writeFileSync(path.join(mediaRoot, key, 'trickplay', 'sprite-00.jpg'), jpeg);
    writeFileSync(
      path.join(mediaRoot, key, 'trickplay', 'thumbnails.vtt'),
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nsprite-00.jpg#xywh=0,0,160,90\n',
    );
    const signed = folder(t.app, key);
    const segment = await t.app.inject(`${signed}360p/seg0.ts`);
    const vtt = await t.app.inject(`${signed}trickplay/thumbnails.vtt`);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    expect(vtt.headers['cache-control']).toBe(segment.headers['cache-control']);
    expect(vtt.body).toContain('#xywh=0,0,160,90');
    const sprite = await t.app.inject(`${signed}trickplay/sprite-00.jpg`);
    expect(sprite.statusCode).toBe(200);
    expect(sprite.headers['content-type']).toBe('image/jpeg');
    expect(sprite.headers['cache-control']).toBe(segment.headers['cache-control']);
    expect(sprite.headers.etag).toBeDefined();
    expect(sprite.rawPayload).toEqual(jpeg);
    // Seek-bar sprites are frames of the title: signed like the rest.
    expect((await t.app.inject(`/media/${key}/trickplay/sprite-00.jpg`)).statusCode).toBe(403);

    const media = new MediaState(mediaRoot);
    media.status = 'ready';
    const fresh = await buildTestApp({ media, mediaRoot });
    try {
      const without = await fresh.app.inject('/v1/playback/t-free');
      expect(without.json().data.thumbnails).toBeUndefined();
      media.setClips([
        {
          key,
          durationSeconds: 2,
          renditions: [],
          subtitles: [],
          thumbnails: 'trickplay/thumbnails.vtt',
        },
      ]);
      const withThumbs = await fresh.app.inject('/v1/playback/t-free');
      const thumbs = withThumbs.json().data.thumbnails as string;
      expect(thumbs).toMatch(
        new RegExp(`/media/s/[^/]+/t-free/${key}/trickplay/thumbnails\\.vtt$`),
      );
      expect((await fresh.app.inject(new URL(thumbs).pathname)).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  test('path traversal, another media key and unknown files are refused', async () => {
    const signed = folder(t.app);
    for (const [url, status] of [
      ['/media/../jwt-secret', 404],
      [`${signed}..%2F..%2Fjwt-secret`, 404],
      [`${signed}..%2Fclip-b%2Fmaster.m3u8`, 404],
      [`${signed}nope.ts`, 404],
      ['/media/%2e%2e/%2e%2e/etc/passwd', 404],
    ] as const) {
      const res = await t.app.inject(url);
      expect([url, res.statusCode]).toEqual([url, status]);
    }
  });

  test('while media is still generating, missing clips answer 503 with a clear message', async () => {
    const media = new MediaState(`${t.dataDir}/empty-media`);
    media.status = 'generating';
    const fresh = await buildTestApp({ media, mediaRoot: media.root });
    try {
      const file = await fresh.app.inject(`${folder(fresh.app)}master.m3u8`);
      expect(file.statusCode).toBe(503);
      expect(file.headers['retry-after']).toBeDefined();
      expect(file.json()).toMatchObject({
        status: false,
        message: expect.stringContaining('still being prepared'),
      });
      const playback = await fresh.app.inject('/v1/playback/t-free');
      expect(playback.statusCode).toBe(503);
      expect(playback.json().status).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});

describe('artwork', () => {
  test('SVG, cacheable, with ETag and 304', async () => {
    const res = await t.app.inject('/v1/artwork/t-free/poster.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(res.body).toContain('<svg');
    const again = await t.app.inject({
      url: '/v1/artwork/t-free/poster.svg',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject('/v1/artwork/t-free/backdrop.svg')).statusCode).toBe(200);
    expect((await t.app.inject('/v1/artwork/nope/poster.svg')).statusCode).toBe(404);
    expect((await t.app.inject('/v1/artwork/t-free/icon.svg')).statusCode).toBe(400);
  });
});

describe('openapi', () => {
  test('is served at /v1/openapi.json', async () => {
    const res = await t.app.inject('/v1/openapi.json');
    expect(res.json()).toMatchObject({
      openapi: '3.1.0',
      paths: expect.objectContaining({ '/v1/auth/login': expect.any(Object) }),
    });
  });

  test('CORS refuses unknown origins but allows any localhost port', async () => {
    const evil = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/genres',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const local = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/genres',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'GET' },
    });
    expect(local.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
  });
});
