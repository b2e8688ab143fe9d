import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
