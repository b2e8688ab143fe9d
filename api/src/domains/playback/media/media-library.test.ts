import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  MEDIA_CLIP_KEYS,
  ensureMedia,
  isClipReady,
  listMedia,
  mediaContentType,
  parseMediaPlaylist,
  readClipDescriptor,
  verifyClip,
} from './media-library';

jest.setTimeout(60_000);

/** Width and height from a baseline JPEG's start-of-frame marker. */
function jpegSize(buf: Buffer): { width: number; height: number } {
  for (let i = 2; i < buf.length - 9;) {
    const marker = buf[i + 1]!;
    if (marker === 0xc0 || marker === 0xc2)
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    i += 2 + buf.readUInt16BE(i + 2);
  }
  throw new Error('no SOF marker');
}

describe('media library', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'media-test-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('maps file types to content types', () => {
    expect(mediaContentType('a/master.m3u8')).toBe('application/vnd.apple.mpegurl');
    expect(mediaContentType('a/360p/seg-000.ts')).toBe('video/mp2t');
    expect(mediaContentType('x.m4s')).toBe('video/mp4');
    expect(mediaContentType('x.MP4')).toBe('video/mp4');
    expect(mediaContentType('subs/en.vtt')).toMatch(/^text\/vtt/);
    expect(mediaContentType('clip.json')).toMatch(/^application\/json/);
    expect(mediaContentType('x.bin')).toBe('application/octet-stream');
  });

  it('exports feature and trailer clip keys', () => {
    expect(MEDIA_CLIP_KEYS.filter((k) => k.startsWith('feature-')).length).toBeGreaterThanOrEqual(
      4,
    );
    expect(MEDIA_CLIP_KEYS.filter((k) => k.startsWith('trailer-')).length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('generates a playable HLS clip with a ladder, subtitles and keyframe-aligned segments', async () => {
    const key = 'trailer-02';
    expect(isClipReady(root, key)).toBe(false);
    const progress: string[] = [];
    const [clip] = await ensureMedia(root, {
      keys: [key],
      durationSeconds: 12,
      onProgress: (m) => progress.push(m),
    });
    expect(progress.length).toBeGreaterThan(0);
    expect(clip).toMatchObject({ key, durationSeconds: 12 });
    expect(clip!.renditions.map((r) => r.name)).toEqual(['240p', '360p', '720p']);
    expect(isClipReady(root, key)).toBe(true);
    expect(listMedia(root).map((c) => c.key)).toEqual([key]);
    // No temp directories are left behind.
    expect(readdirSync(root)).toEqual([key]);

    const dir = path.join(root, key);
    const master = readFileSync(path.join(dir, 'master.m3u8'), 'utf8');
    expect(master.startsWith('#EXTM3U\n#EXT-X-VERSION:4')).toBe(true);
    expect(master.match(/#EXT-X-STREAM-INF:/g)).toHaveLength(3);
    expect(master).toContain('RESOLUTION=426x240');
    expect(master).toContain('RESOLUTION=640x360');
    expect(master).toContain('RESOLUTION=1280x720');
    expect(master).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2",AUDIO="aud",SUBTITLES="subs"/);
    // Three audio renditions in one group: the original (default), a dub, an audio description.
    expect(master).toContain(
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio/en/index.m3u8"',
    );
    expect(master).toContain('NAME="Español",LANGUAGE="es",DEFAULT=NO');
    expect(master).toContain(
      'CHARACTERISTICS="public.accessibility.describes-video",CHANNELS="2",URI="audio/en-ad/index.m3u8"',
    );
    for (const id of ['en', 'es', 'en-ad']) {
      const pl = parseMediaPlaylist(
        readFileSync(path.join(dir, 'audio', id, 'index.m3u8'), 'utf8'),
      );
      expect(pl.ended).toBe(true);
      expect(pl.segments.reduce((t, s) => t + s.duration, 0)).toBeCloseTo(12, 0);
    }
    // The dub sounds different from the original (not one file copied twice).
    expect(readFileSync(path.join(dir, 'audio', 'es', 'seg-000.ts'))).not.toEqual(
      readFileSync(path.join(dir, 'audio', 'en', 'seg-000.ts')),
    );
    expect(readClipDescriptor(root, key)!.audio.map((a) => a.name)).toEqual([
      'English',
      'Español',
      'English (audio description)',
    ]);
    expect(master).toContain(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en"',
    );
    expect(master).toContain('LANGUAGE="es"');

    // The lightest variant, audio included, fits a 3G link (0.75 Mbps) with room to spare.
    const lightest = /BANDWIDTH=(\d+)[^\n]*RESOLUTION=426x240/.exec(master);
    expect(Number(lightest?.[1])).toBeLessThan(650_000);
    // Light audio: a 2 s segment of 64 kbps AAC is ~16 KB (with MPEG-TS overhead, under 24 KB).
    expect(statSync(path.join(dir, 'audio', 'en', 'seg-000.ts')).size).toBeLessThan(24_000);
    // Audio keeps two-second segments from the start (shorter ones would double its requests).
    const audio = parseMediaPlaylist(
      readFileSync(path.join(dir, 'audio', 'en', 'index.m3u8'), 'utf8'),
    );
    // (AAC frames of 1024 samples: 2.005 s each.)
    expect(audio.segments[0]!.duration).toBeCloseTo(2, 1);
    expect(audio.segments[1]!.duration).toBeCloseTo(2, 1);

    for (const rendition of ['240p', '360p', '720p']) {
      const pl = parseMediaPlaylist(readFileSync(path.join(dir, rendition, 'index.m3u8'), 'utf8'));
      expect(pl.ended).toBe(true);
      // A one-second first segment (the first frame waits for it), then two-second ones, each
      // opening on a keyframe (verifyClip below); the last holds what is left.
      expect(pl.segments.map((s) => s.duration)).toEqual([1, 2, 2, 2, 2, 2, 1]);
      for (const s of pl.segments) {
        expect(s.duration).toBeLessThanOrEqual(2.1);
        expect(s.uri).toMatch(/\.ts$/);
        expect(statSync(path.join(dir, rendition, s.uri)).size).toBeGreaterThan(10_000);
      }
    }

    const vtt = readFileSync(path.join(dir, 'subs', 'en.vtt'), 'utf8');
    const descriptor = readClipDescriptor(root, key)!;
    expect(vtt).toContain(`X-TIMESTAMP-MAP=MPEGTS:${descriptor.mpegtsStart},LOCAL:00:00:00.000`);
    expect(descriptor.mpegtsStart).toBeGreaterThanOrEqual(0);
    expect(vtt).toMatch(/00:00:01\.000 --> 00:00:04\.000/);
    expect(readFileSync(path.join(dir, 'subs', 'es.vtt'), 'utf8')).toMatch(/^WEBVTT/);
    const subs = readFileSync(path.join(dir, 'subs', 'en.m3u8'), 'utf8');
    expect(subs).toContain('#EXT-X-TARGETDURATION:12');
    expect(subs).toContain('en.vtt');

    // Seek-bar thumbnails: 6 tiles of 160x90 (one every 2 s) on one 1600x90 sheet, indexed by WebVTT.
    expect(clip!.thumbnails).toBe('trickplay/thumbnails.vtt');
    const index = readFileSync(path.join(dir, 'trickplay', 'thumbnails.vtt'), 'utf8');
    expect(index.match(/ --> /g)).toHaveLength(6);
    expect(index).toContain('00:00:10.000 --> 00:00:12.000\nsprite-00.jpg#xywh=800,0,160,90');
    expect(readdirSync(path.join(dir, 'trickplay')).sort()).toEqual([
      'sprite-00.jpg',
      'thumbnails.vtt',
    ]);
    expect(jpegSize(readFileSync(path.join(dir, 'trickplay', 'sprite-00.jpg')))).toEqual({
      width: 1600,
      height: 90,
    });

    // Video segments are h264 only and open on a keyframe; audio segments are aac only.
    expect(await verifyClip(root, key, { allSegments: true })).toEqual([]);
  });

  it('does not regenerate a complete clip', async () => {
    const key = 'trailer-02';
    const before = statSync(path.join(root, key, 'clip.json')).mtimeMs;
    const started = Date.now();
    const progress: string[] = [];
    await ensureMedia(root, {
      keys: [key],
      durationSeconds: 12,
      onProgress: (m) => progress.push(m),
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(progress).toEqual([]);
    expect(statSync(path.join(root, key, 'clip.json')).mtimeMs).toBe(before);
  });

  it('adds thumbnails to a clip generated before trickplay existed without re-encoding it', async () => {
    const key = 'trailer-02';
    const before = statSync(path.join(root, key, '360p', 'seg-000.ts')).mtimeMs;
    rmSync(path.join(root, key, 'trickplay'), { recursive: true });
    expect(listMedia(root)[0]!.thumbnails).toBeUndefined();
    // A temp directory of a process that died mid-way is cleaned up.
    mkdirSync(path.join(root, key, '.tmp-trickplay-999999999-1'));
    const progress: string[] = [];
    const [clip] = await ensureMedia(root, {
      keys: [key],
      durationSeconds: 12,
      onProgress: (m) => progress.push(m),
    });
    expect(progress).toEqual([expect.stringMatching(/trailer-02 thumbnails ready/)]);
    expect(clip!.thumbnails).toBe('trickplay/thumbnails.vtt');
    expect(statSync(path.join(root, key, '360p', 'seg-000.ts')).mtimeMs).toBe(before);
    expect(readdirSync(path.join(root, key)).filter((f) => f.startsWith('.'))).toEqual([]);
    expect(await verifyClip(root, key)).toEqual([]);
  });

  it('ignores an incomplete clip directory and rejects unknown keys', async () => {
    expect(isClipReady(root, 'feature-01')).toBe(false);
    await expect(ensureMedia(root, { keys: ['nope'] })).rejects.toThrow(/Unknown media clip/);
    expect(() => isClipReady(root, '../etc')).toThrow(/Invalid/);
  });
});
