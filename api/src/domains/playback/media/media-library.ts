import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { MediaClip } from '../../catalogue';
import { AUDIO_RENDITIONS, LADDER, encodeArgs } from './clip-encoding';
import { probeFile, runFfmpeg } from './ffmpeg';
import {
  SUBTITLE_LANGUAGES,
  buildMaster,
  buildSubtitlePlaylist,
  buildVtt,
  measurePlaylist,
  parseMediaPlaylist,
} from './hls-playlists';
import {
  CLIP_SPECS,
  FIRST_SEGMENT_SECONDS,
  SEGMENT_SECONDS,
  clipSpec,
  type ClipSpec,
} from '../../catalogue';
import { removeAbandonedTempDirs, tempDirFor } from './temp-dirs';
import { TRICKPLAY_INDEX, ensureTrickplay, hasTrickplay } from './trickplay';

export {
  MEDIA_CLIP_KEYS,
  FEATURE_CLIP_KEYS,
  TRAILER_CLIP_KEYS,
  clipDurationSeconds,
} from '../../catalogue';
export { ffmpegPath, probeFile, stopMediaGeneration, type ProbeResult } from './ffmpeg';
export { buildVtt, parseMediaPlaylist, type PlaylistSegment } from './hls-playlists';

/**
 * Real, playable HLS generated locally with ffmpeg: a three-rung H.264 ladder and three AAC
 * audio renditions (original, second language, audio description) in MPEG-TS segments, a
 * hand-written master playlist (-master_pl_name crashes the bundled 2018 ffmpeg) and WebVTT
 * subtitles in two languages.
 *
 * Layout of one clip:  <mediaRoot>/<key>/master.m3u8
 *                                        240p/index.m3u8, 240p/seg-000.ts ...
 *                                        360p/index.m3u8, 360p/seg-000.ts ...
 *                                        720p/index.m3u8, 720p/seg-000.ts ...
 *                                        audio/en/index.m3u8, audio/es/…, audio/en-ad/…
 *                                        subs/en.m3u8, subs/en.vtt, subs/es.m3u8, subs/es.vtt
 *                                        clip.json   (written last: marks the clip complete)
 *                                        trickplay/  (seek-bar thumbnails, added after: trickplay.ts)
 *
 * The ffmpeg command is in clip-encoding.ts, the playlists and subtitles in hls-playlists.ts.
 */

/**
 * Bump when the on-disk format changes so old clips are regenerated (4: 240p rung, 2 s segments,
 * 64 kbps audio; 5: the video's first segment 1 s).
 */
export const MEDIA_FORMAT_VERSION = 5;

export interface ClipDescriptor extends MediaClip {
  version: number;
  /** First presentation timestamp of the TS segments (90 kHz); the VTT X-TIMESTAMP-MAP uses it. */
  mpegtsStart: number;
  codecs: Record<string, string>;
  /** The audio group's renditions (the first is the original, hls.js's default). */
  audio: Array<{ language: string; name: string; description: boolean; uri: string }>;
  generatedAt: string;
  generationSeconds: number;
}

export interface EnsureMediaOptions {
  keys?: string[];
  onProgress?: (msg: string) => void;
  /** Overrides every clip's duration (tests use a short clip). A clip of another length is regenerated. */
  durationSeconds?: number;
}

const CLIP_KEY = /^[a-z0-9][a-z0-9-]*$/;

function clipDir(mediaRoot: string, key: string): string {
  if (!CLIP_KEY.test(key)) throw new Error(`Invalid media clip key: ${key}`);
  return path.join(mediaRoot, key);
}

function readDescriptor(dir: string): ClipDescriptor | null {
  try {
    const d = JSON.parse(readFileSync(path.join(dir, 'clip.json'), 'utf8')) as ClipDescriptor;
    if (d.version !== MEDIA_FORMAT_VERSION || !existsSync(path.join(dir, 'master.m3u8')))
      return null;
    return d;
  } catch {
    return null;
  }
}

function toMediaClip(d: ClipDescriptor, dir: string): MediaClip {
  return {
    key: d.key,
    durationSeconds: d.durationSeconds,
    renditions: d.renditions,
    subtitles: d.subtitles,
    ...(hasTrickplay(dir) ? { thumbnails: TRICKPLAY_INDEX } : {}),
  };
}

export function isClipReady(mediaRoot: string, key: string): boolean {
  return readDescriptor(clipDir(mediaRoot, key)) !== null;
}

export function listMedia(mediaRoot: string): MediaClip[] {
  if (!existsSync(mediaRoot)) return [];
  const out: MediaClip[] = [];
  for (const entry of readdirSync(mediaRoot, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dir = path.join(mediaRoot, entry.name);
    const d = readDescriptor(dir);
    if (d) out.push(toMediaClip(d, dir));
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/** A complete clip on disk as the catalogue describes it, or null. */
export function readMediaClip(mediaRoot: string, key: string): MediaClip | null {
  // Asked per playback request: a key that cannot name a clip is simply not one (no throw).
  if (!CLIP_KEY.test(key)) return null;
  const dir = clipDir(mediaRoot, key);
  const d = readDescriptor(dir);
  return d ? toMediaClip(d, dir) : null;
}

/** Describes a clip on disk (including its timestamp offset), or null if it is not complete. */
export function readClipDescriptor(mediaRoot: string, key: string): ClipDescriptor | null {
  return readDescriptor(clipDir(mediaRoot, key));
}

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/mp4',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.json': 'application/json; charset=utf-8',
};

export function mediaContentType(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

// One generation per key per process, so a server start and an explicit call do not race.
const inFlight = new Map<string, Promise<ClipDescriptor>>();

export async function ensureMedia(
  mediaRoot: string,
  opts: EnsureMediaOptions = {},
): Promise<MediaClip[]> {
  const keys = opts.keys ?? CLIP_SPECS.map((c) => c.key);
  const specs = keys.map((k) => {
    const s = clipSpec(k);
    if (!s) throw new Error(`Unknown media clip: ${k}`);
    return opts.durationSeconds ? { ...s, durationSeconds: opts.durationSeconds } : s;
  });
  mkdirSync(mediaRoot, { recursive: true });
  removeAbandonedTempDirs(mediaRoot);
  const clips: MediaClip[] = [];
  // Sequential on purpose: x264 already uses every core, parallel encodes only thrash.
  for (const spec of specs) {
    const dir = clipDir(mediaRoot, spec.key);
    const existing = readDescriptor(dir);
    const descriptor =
      existing && existing.durationSeconds === spec.durationSeconds
        ? existing
        : await generateOnce(mediaRoot, spec, opts.onProgress);
    await addTrickplay(dir, descriptor, opts.onProgress);
    clips.push(toMediaClip(descriptor, dir));
  }
  return clips;
}

function generateOnce(
  mediaRoot: string,
  spec: ClipSpec,
  onProgress?: (msg: string) => void,
): Promise<ClipDescriptor> {
  const flightKey = `${path.resolve(mediaRoot)}|${spec.key}`;
  let job = inFlight.get(flightKey);
  if (!job) {
    job = generateClip(mediaRoot, spec, onProgress).finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, job);
  }
  return job;
}

/** Thumbnails are a nicety: a clip whose sprites fail still plays, only without seek previews. */
async function addTrickplay(
  dir: string,
  d: ClipDescriptor,
  onProgress?: (msg: string) => void,
): Promise<void> {
  try {
    const started = Date.now();
    if (await ensureTrickplay(dir, d.durationSeconds))
      onProgress?.(
        `media: ${d.key} thumbnails ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
  } catch (e) {
    onProgress?.(
      `media: ${d.key} thumbnails failed: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

async function generateClip(
  mediaRoot: string,
  spec: ClipSpec,
  onProgress?: (msg: string) => void,
): Promise<ClipDescriptor> {
  const started = Date.now();
  const finalDir = clipDir(mediaRoot, spec.key);
  // Same parent directory as the final one, so the closing rename is atomic.
  const tmp = tempDirFor(mediaRoot, spec.key);
  rmSync(tmp, { recursive: true, force: true });
  onProgress?.(`media: generating ${spec.key} (${spec.durationSeconds} s)…`);
  try {
    for (const r of LADDER) mkdirSync(path.join(tmp, r.name), { recursive: true });
    for (const a of AUDIO_RENDITIONS) mkdirSync(path.join(tmp, 'audio', a.id), { recursive: true });
    mkdirSync(path.join(tmp, 'subs'), { recursive: true });

    await runFfmpeg(encodeArgs(spec, tmp));

    const firstSegment = path.join(tmp, LADDER[0]!.name, 'seg-000.ts');
    const probe = await probeFile(firstSegment);
    // Cue times are relative to the first media timestamp; hls.js and Safari line them up through this map.
    const mpegtsStart = Math.round(probe.startSeconds * 90000);

    const renditions = LADDER.map((r) => {
      const measured = measurePlaylist(path.join(tmp, r.name));
      return {
        name: r.name,
        width: r.width,
        height: r.height,
        bandwidth: measured.peak,
        average: measured.average,
      };
    });
    const subtitles = SUBTITLE_LANGUAGES.map((l) => ({
      language: l.language,
      name: l.name,
      uri: `subs/${l.language}.m3u8`,
    }));
    for (const l of SUBTITLE_LANGUAGES) {
      writeFileSync(
        path.join(tmp, 'subs', `${l.language}.vtt`),
        buildVtt(l.language, spec.durationSeconds, mpegtsStart),
      );
      writeFileSync(
        path.join(tmp, 'subs', `${l.language}.m3u8`),
        buildSubtitlePlaylist(l.language, spec.durationSeconds),
      );
    }
    const audio = AUDIO_RENDITIONS.map((a) => measurePlaylist(path.join(tmp, 'audio', a.id)));
    writeFileSync(
      path.join(tmp, 'master.m3u8'),
      buildMaster(renditions, {
        peak: Math.max(...audio.map((a) => a.peak)),
        average: Math.max(...audio.map((a) => a.average)),
      }),
    );

    const descriptor: ClipDescriptor = {
      version: MEDIA_FORMAT_VERSION,
      key: spec.key,
      durationSeconds: spec.durationSeconds,
      renditions: renditions.map(({ name, width, height, bandwidth }) => ({
        name,
        width,
        height,
        bandwidth,
      })),
      subtitles,
      mpegtsStart,
      codecs: Object.fromEntries(LADDER.map((r) => [r.name, r.codecs])),
      audio: AUDIO_RENDITIONS.map((a) => ({
        language: a.language,
        name: a.name,
        description: a.description,
        uri: `audio/${a.id}/index.m3u8`,
      })),
      generatedAt: new Date().toISOString(),
      generationSeconds: Math.round((Date.now() - started) / 100) / 10,
    };
    writeFileSync(path.join(tmp, 'clip.json'), JSON.stringify(descriptor, null, 2) + '\n');

    rmSync(finalDir, { recursive: true, force: true });
    try {
      renameSync(tmp, finalDir);
    } catch (e) {
      // Another process finished the same clip first: keep theirs.
      const theirs = readDescriptor(finalDir);
      if (!theirs) throw e;
      rmSync(tmp, { recursive: true, force: true });
      return theirs;
    }
    onProgress?.(`media: ${spec.key} ready in ${descriptor.generationSeconds} s`);
    return descriptor;
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
}

/** Structural and codec checks of a generated clip; returns a list of problems (empty = good). */
export async function verifyClip(
  mediaRoot: string,
  key: string,
  opts: { allSegments?: boolean } = {},
): Promise<string[]> {
  const dir = clipDir(mediaRoot, key);
  const problems: string[] = [];
  const d = readDescriptor(dir);
  if (!d) return [`${key}: clip.json missing or outdated`];
  const master = readFileSync(path.join(dir, 'master.m3u8'), 'utf8');
  if (!master.startsWith('#EXTM3U')) problems.push(`${key}: master does not start with #EXTM3U`);
  const variants = master.split('\n').filter((l) => l && !l.startsWith('#'));
  const audioPlaylists = [...master.matchAll(/TYPE=AUDIO,[^\n]*URI="([^"]+)"/g)].map((m) => m[1]!);
  if (audioPlaylists.length < 2)
    problems.push(`${key}: master lists ${audioPlaylists.length} audio renditions`);
  if (variants.length < 2) problems.push(`${key}: master lists ${variants.length} variants`);
  for (const uri of [...variants, ...[...master.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!)]) {
    if (!existsSync(path.join(dir, uri))) problems.push(`${key}: ${uri} missing`);
  }
  for (const v of [...variants, ...audioPlaylists]) {
    const isAudio = audioPlaylists.includes(v);
    const vdir = path.dirname(path.join(dir, v));
    const pl = parseMediaPlaylist(readFileSync(path.join(dir, v), 'utf8'));
    if (!pl.ended) problems.push(`${key}/${v}: no #EXT-X-ENDLIST`);
    const total = pl.segments.reduce((a, s) => a + s.duration, 0);
    if (Math.abs(total - d.durationSeconds) > 0.5)
      problems.push(`${key}/${v}: total ${total.toFixed(2)} s ≠ ${d.durationSeconds} s`);
    pl.segments.forEach((s, i) => {
      // A video's first segment is shorter (FIRST_SEGMENT_SECONDS); the last may be.
      const expected = i === 0 && !isAudio ? FIRST_SEGMENT_SECONDS : SEGMENT_SECONDS;
      if (s.duration > expected + 0.1)
        problems.push(`${key}/${v}: segment ${i} lasts ${s.duration} s`);
      if (i < pl.segments.length - 1 && Math.abs(s.duration - expected) > 0.1) {
        problems.push(`${key}/${v}: segment ${i} lasts ${s.duration} s, expected ${expected}`);
      }
    });
    const toProbe = opts.allSegments ? pl.segments : pl.segments.slice(0, 2);
    for (const s of toProbe) {
      const p = await probeFile(path.join(vdir, s.uri));
      const expected = isAudio ? { video: null, audio: 'aac' } : { video: 'h264', audio: null };
      if ((p.video ?? null) !== expected.video)
        problems.push(`${key}/${v}/${s.uri}: video codec ${p.video}`);
      if ((p.audio ?? null) !== expected.audio)
        problems.push(`${key}/${v}/${s.uri}: audio codec ${p.audio}`);
      if (!isAudio && !p.firstFrameIsKey)
        problems.push(`${key}/${v}/${s.uri}: first frame is not a keyframe`);
    }
  }
  for (const s of d.subtitles) {
    const vtt = readFileSync(path.join(dir, s.uri.replace(/\.m3u8$/, '.vtt')), 'utf8');
    if (!vtt.startsWith('WEBVTT')) problems.push(`${key}/${s.uri}: not WebVTT`);
  }
  if (!hasTrickplay(dir)) problems.push(`${key}: ${TRICKPLAY_INDEX} missing`);
  return problems;
}
