import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runFfmpeg } from './ffmpeg';
import { vttTime } from './hls-playlists';
import { FPS } from '../../catalogue';
import { removeAbandonedTempDirs, tempDirFor } from './temp-dirs';

/**
 * Trickplay: the frames a viewer sees above the seek bar. One JPEG sprite sheet (or a few, for long
 * videos) of small tiles, and a WebVTT index whose cues point at a tile with a `#xywh=` fragment —
 * the format Jellyfin, Bitmovin and video.js read.
 *
 * Layout inside a clip:  trickplay/thumbnails.vtt, trickplay/sprite-00.jpg ...
 *
 * Made from the lowest rung, which is already encoded, so media generated before trickplay existed
 * gets its sprites on the next start without touching the ladder.
 */

export const TRICKPLAY_INDEX = 'trickplay/thumbnails.vtt';
export const TILE_WIDTH = 160;
export const TILE_HEIGHT = 90;
const COLUMNS = 10;
const ROWS = 10;
const SOURCE_RENDITION = '360p';

/** Seconds between thumbnails: every 2 s for short videos, up to every 5 s so long ones stay light. */
export function trickplayInterval(durationSeconds: number): number {
  return Math.min(5, Math.max(2, Math.ceil(durationSeconds / 60)));
}

export function buildTrickplayVtt(durationSeconds: number, interval: number): string {
  const perSheet = COLUMNS * ROWS;
  const count = Math.ceil(durationSeconds / interval);
  const out = ['WEBVTT', ''];
  for (let i = 0; i < count; i++) {
    const sheet = Math.floor(i / perSheet);
    const cell = i % perSheet;
    const x = (cell % COLUMNS) * TILE_WIDTH;
    const y = Math.floor(cell / COLUMNS) * TILE_HEIGHT;
    const end = Math.min(durationSeconds, (i + 1) * interval);
    out.push(
      `${vttTime(i * interval)} --> ${vttTime(end)}`,
      `${spriteName(sheet)}#xywh=${x},${y},${TILE_WIDTH},${TILE_HEIGHT}`,
      '',
    );
  }
  return out.join('\n');
}

function spriteName(sheet: number): string {
  return `sprite-${String(sheet).padStart(2, '0')}.jpg`;
}

export function hasTrickplay(clipDir: string): boolean {
  return existsSync(path.join(clipDir, TRICKPLAY_INDEX));
}

/**
 * Generates the clip's sprites and index unless they exist. Atomic like the ladder: written to a temp
 * directory and renamed into place, so a reader sees all of it or none. Returns whether it generated.
 */
export async function ensureTrickplay(clipDir: string, durationSeconds: number): Promise<boolean> {
  if (hasTrickplay(clipDir)) return false;
  removeAbandonedTempDirs(clipDir);
  const finalDir = path.join(clipDir, path.dirname(TRICKPLAY_INDEX));
  const tmp = tempDirFor(clipDir, 'trickplay');
  mkdirSync(tmp, { recursive: true });
  try {
    const interval = trickplayInterval(durationSeconds);
    const step = interval * FPS;
    const tiles = Math.ceil(durationSeconds / interval);
    // A short video's single sheet is only as tall as its tiles need.
    const rows = Math.min(ROWS, Math.ceil(tiles / COLUMNS));
    await runFfmpeg([
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-i',
      path.join(clipDir, SOURCE_RENDITION, 'index.m3u8'),
      '-an',
      // The frame in the middle of each interval stands for it: the first tile is then past the fade-in.
      '-vf',
      `select='eq(mod(n\\,${step})\\,${Math.floor(step / 2)})',scale=${TILE_WIDTH}:${TILE_HEIGHT},tile=${COLUMNS}x${rows}`,
      '-vsync',
      'vfr',
      '-q:v',
      '5',
      '-start_number',
      '0',
      path.join(tmp, 'sprite-%02d.jpg'),
    ]);
    const sheets = readdirSync(tmp).filter((f) => /^sprite-\d+\.jpg$/.test(f)).length;
    const expected = Math.ceil(tiles / (COLUMNS * rows));
    if (sheets !== expected)
      throw new Error(`trickplay: ffmpeg wrote ${sheets} sprite sheets, expected ${expected}`);
    writeFileSync(
      path.join(tmp, path.basename(TRICKPLAY_INDEX)),
      buildTrickplayVtt(durationSeconds, interval),
    );
    try {
      renameSync(tmp, finalDir);
    } catch (e) {
      // Another process (one sharing MEDIA_DIR without sharing our lock) finished first: keep theirs.
      if (!hasTrickplay(clipDir)) throw e;
      rmSync(tmp, { recursive: true, force: true });
      return false;
    }
    return true;
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
}
