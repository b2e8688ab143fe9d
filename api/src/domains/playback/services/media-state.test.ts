import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MEDIA_FORMAT_VERSION } from '../media/media-library';
import { MediaState } from './media-state';

test('a clip becomes ready once its master playlist exists; a missing one is re-checked within a second', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'media-state-'));
  const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
  try {
    const media = new MediaState(root);
    expect(media.isReady('clip-a')).toBe(false);
    expect(media.isReady('../etc')).toBe(false);
    mkdirSync(path.join(root, 'clip-a'));
    writeFileSync(path.join(root, 'clip-a', 'master.m3u8'), '#EXTM3U\n');
    expect(media.isReady('clip-a')).toBe(false); // the miss is remembered briefly
    now.mockReturnValue(1_001_001);
    expect(media.isReady('clip-a')).toBe(true);
    rmSync(path.join(root, 'clip-a'), { recursive: true });
    expect(media.isReady('clip-a')).toBe(true); // generated clips are never removed while serving
  } finally {
    now.mockRestore();
    rmSync(root, { recursive: true, force: true });
  }
});

test('while media is being generated, a clip finished before the rest is described from disk', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'media-state-'));
  const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
  try {
    const media = new MediaState(root);
    media.status = 'generating';
    expect(media.clip('clip-b')).toBeUndefined();
    now.mockReturnValue(1_001_001);
    const dir = path.join(root, 'clip-b');
    mkdirSync(path.join(dir, 'trickplay'), { recursive: true });
    writeFileSync(
      path.join(dir, 'clip.json'),
      JSON.stringify({
        version: MEDIA_FORMAT_VERSION,
        key: 'clip-b',
        durationSeconds: 96,
        renditions: [{ name: '360p', width: 640, height: 360, bandwidth: 954000 }],
        subtitles: [],
      }),
    );
    writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U\n');
    expect(media.clip('clip-b')).toMatchObject({
      durationSeconds: 96,
      renditions: [{ name: '360p' }],
    });
    expect(media.clip('clip-b')?.thumbnails).toBeUndefined();
    writeFileSync(path.join(dir, 'trickplay', 'thumbnails.vtt'), 'WEBVTT\n');
    expect(media.clip('clip-b')?.thumbnails).toBe('trickplay/thumbnails.vtt');

    // Once generation is done, the list it produced is the answer.
    media.setClips([]);
    media.status = 'ready';
    expect(media.clip('clip-b')).toBeUndefined();
  } finally {
    now.mockRestore();
    rmSync(root, { recursive: true, force: true });
  }
});
