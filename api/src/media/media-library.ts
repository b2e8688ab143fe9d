import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { MediaClip } from '../catalogue/catalogue-types';
import { CLIP_SPECS, FPS, SEGMENT_SECONDS, clipSpec, type ClipSpec } from './media-clips';

export {
  MEDIA_CLIP_KEYS,
  FEATURE_CLIP_KEYS,
  TRAILER_CLIP_KEYS,
  clipDurationSeconds,
} from './media-clips';

/**
 * Real, playable HLS generated locally with ffmpeg: a two-rung H.264/AAC ladder in MPEG-TS
 * segments, a hand-written master playlist (-master_pl_name crashes the bundled 2018 ffmpeg)
 * and WebVTT subtitles in two languages.
 *
 * Layout of one clip:  <mediaRoot>/<key>/master.m3u8
 *                                        360p/index.m3u8, 360p/seg-000.ts ...
 *                                        720p/index.m3u8, 720p/seg-000.ts ...
 *                                        subs/en.m3u8, subs/en.vtt, subs/es.m3u8, subs/es.vtt
 *                                        clip.json   (written last: marks the clip complete)
 */

/** Bump when the on-disk format changes so old clips are regenerated. */
export const MEDIA_FORMAT_VERSION = 2;

interface Rung {
  name: string;
  width: number;
  height: number;
  videoKbps: number;
  audioKbps: number;
  profile: 'main' | 'high';
  level: string;
  /** RFC 6381 codec string matching profile/level above. */
  codecs: string;
}

const LADDER: readonly Rung[] = [
  {
    name: '360p',
    width: 640,
    height: 360,
    videoKbps: 800,
    audioKbps: 96,
    profile: 'main',
    level: '3.0',
    codecs: 'avc1.4d401e,mp4a.40.2',
  },
  {
    name: '720p',
    width: 1280,
    height: 720,
    videoKbps: 2500,
    audioKbps: 128,
    profile: 'high',
    level: '3.1',
    codecs: 'avc1.64001f,mp4a.40.2',
  },
];

const SUBTITLE_LANGUAGES = [
  { language: 'en', name: 'English' },
  { language: 'es', name: 'Español' },
] as const;

// Alternating lines make it obvious on screen that cues are in sync and switch language.
const SUBTITLE_LINES: ReadonlyArray<{ en: string; es: string }> = [
  { en: '[soft ambient music]', es: '[música ambiental suave]' },
  { en: 'Did you hear that?', es: '¿Oíste eso?' },
  { en: 'It came from the lighthouse.', es: 'Vino del faro.' },
  { en: 'Nobody has lived there for years.', es: 'Nadie ha vivido allí en años.' },
  { en: 'Then who keeps the lamp burning?', es: '¿Entonces quién mantiene la lámpara encendida?' },
  {
    en: 'We should go before the tide turns.',
    es: 'Deberíamos irnos antes de que cambie la marea.',
  },
  { en: '[distant thunder]', es: '[truenos a lo lejos]' },
  { en: 'Take the map. I will hold the door.', es: 'Toma el mapa. Yo sujetaré la puerta.' },
  { en: 'Promise me you will come back.', es: 'Prométeme que volverás.' },
  { en: 'I always do.', es: 'Siempre lo hago.' },
  { en: 'Look at the sky — it is changing colour.', es: 'Mira el cielo: está cambiando de color.' },
  { en: '[music swells]', es: '[la música crece]' },
];

export interface ClipDescriptor extends MediaClip {
  version: number;
  /** First presentation timestamp of the TS segments (90 kHz); the VTT X-TIMESTAMP-MAP uses it. */
  mpegtsStart: number;
  codecs: Record<string, string>;
  generatedAt: string;
  generationSeconds: number;
}

export interface EnsureMediaOptions {
  keys?: string[];
  onProgress?: (msg: string) => void;
  /** Overrides every clip's duration (tests use a short clip). A clip of another length is regenerated. */
  durationSeconds?: number;
}

export function ffmpegPath(): string {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  // The installer package has no types and is CommonJS; require keeps it lazy for the catalogue-only callers.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const installer = require('@ffmpeg-installer/ffmpeg') as { path: string };
  return installer.path;
}

const FONT_CANDIDATES = [
  process.env.MEDIA_FONT ?? '',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
  '/Library/Fonts/Arial.ttf',
];

/** drawtext needs a font file; without one the clips are still generated, only without text. */
function findFont(): string | null {
  for (const f of FONT_CANDIDATES) if (f && !/[':\\]/.test(f) && existsSync(f)) return f;
  return null;
}

function clipDir(mediaRoot: string, key: string): string {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(key)) throw new Error(`Invalid media clip key: ${key}`);
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

function toMediaClip(d: ClipDescriptor): MediaClip {
  return {
    key: d.key,
    durationSeconds: d.durationSeconds,
    renditions: d.renditions,
    subtitles: d.subtitles,
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
    const d = readDescriptor(path.join(mediaRoot, entry.name));
    if (d) out.push(toMediaClip(d));
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
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
    const existing = readDescriptor(clipDir(mediaRoot, spec.key));
    if (existing && existing.durationSeconds === spec.durationSeconds) {
      clips.push(toMediaClip(existing));
      continue;
    }
    const flightKey = `${path.resolve(mediaRoot)}|${spec.key}`;
    let job = inFlight.get(flightKey);
    if (!job) {
      job = generateClip(mediaRoot, spec, opts.onProgress).finally(() =>
        inFlight.delete(flightKey),
      );
      inFlight.set(flightKey, job);
    }
    clips.push(toMediaClip(await job));
  }
  return clips;
}

function removeAbandonedTempDirs(mediaRoot: string): void {
  for (const name of readdirSync(mediaRoot)) {
    const m = /^\.tmp-[\w-]+?-(\d+)-\d+$/.exec(name);
    if (!m) continue;
    if (isProcessAlive(Number(m[1]))) continue;
    rmSync(path.join(mediaRoot, name), { recursive: true, force: true });
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
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
  const tmp = path.join(mediaRoot, `.tmp-${spec.key}-${process.pid}-${started}`);
  rmSync(tmp, { recursive: true, force: true });
  onProgress?.(`media: generating ${spec.key} (${spec.durationSeconds} s)…`);
  try {
    for (const r of LADDER) mkdirSync(path.join(tmp, r.name), { recursive: true });
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
    writeFileSync(path.join(tmp, 'master.m3u8'), buildMaster(renditions));

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

function encodeArgs(spec: ClipSpec, outDir: string): string[] {
  const d = spec.durationSeconds;
  const font = findFont();
  const fadeOut = Math.max(0, d - 1.5).toFixed(2);
  const text = (t: string, size: number, x: string, y: string): string =>
    font
      ? `,drawtext=fontfile=${font}:text='${t}':fontsize=${size}:fontcolor=white@0.92:x=${x}:y=${y}:shadowx=2:shadowy=2:shadowcolor=black@0.6`
      : '';
  const label = spec.label.replace(/[^A-Za-z0-9 ]/g, '');
  const graph = [
    `[0:v]format=yuv420p${text(label, 76, '(w-tw)/2', '(h-th)/2-40')}${text('%{pts\\:hms}', 34, '(w-tw)/2', '(h-th)/2+60')}` +
      `,fade=t=in:d=1,fade=t=out:st=${fadeOut}:d=1.5,split=${LADDER.length}${LADDER.map((_, i) => `[s${i}]`).join('')}`,
    ...LADDER.map(
      (r, i) =>
        `[s${i}]scale=${r.width}:${r.height}:flags=bicubic${text(r.name, 22, 'w-tw-24', '20')},setsar=1[v${i}]`,
    ),
    `[1:a]afade=t=in:d=1,afade=t=out:st=${fadeOut}:d=1.5,asplit=${LADDER.length}${LADDER.map((_, i) => `[a${i}]`).join('')}`,
  ].join(';');

  const gop = FPS * SEGMENT_SECONDS;
  const args = [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-t',
    String(d),
    '-i',
    spec.video,
    '-f',
    'lavfi',
    '-t',
    String(d),
    '-i',
    ambientChord(spec.baseHz),
    '-filter_complex',
    graph,
  ];
  LADDER.forEach((r, i) => {
    args.push(
      '-map',
      `[v${i}]`,
      '-map',
      `[a${i}]`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      r.profile,
      '-level',
      r.level,
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      `${r.videoKbps}k`,
      '-maxrate',
      `${Math.round(r.videoKbps * 1.07)}k`,
      '-bufsize',
      `${Math.round(r.videoKbps * 1.5)}k`,
      // Fixed GOP = segment length, no scene-cut keyframes: every segment starts on an IDR.
      '-g',
      String(gop),
      '-keyint_min',
      String(gop),
      '-sc_threshold',
      '0',
      '-force_key_frames',
      `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
      '-c:a',
      'aac',
      '-b:a',
      `${r.audioKbps}k`,
      '-ac',
      '2',
      '-ar',
      '48000',
      '-t',
      String(d),
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_list_size',
      '0',
      '-hls_segment_filename',
      path.join(outDir, r.name, 'seg-%03d.ts'),
      path.join(outDir, r.name, 'index.m3u8'),
    );
  });
  return args;
}

/** A slowly breathing major chord, slightly detuned between channels: easier on the ear than a test tone. */
function ambientChord(root: number): string {
  const f = (x: number): string => x.toFixed(2);
  const left = `(0.08*sin(2*PI*${f(root)}*t)+0.05*sin(2*PI*${f(root * 1.2599)}*t)+0.045*sin(2*PI*${f(root * 1.4983)}*t))*(0.7+0.3*sin(2*PI*0.125*t))`;
  const right = `(0.08*sin(2*PI*${f(root * 1.002)}*t)+0.05*sin(2*PI*${f(root * 1.4983)}*t)+0.035*sin(2*PI*${f(root * 2)}*t))*(0.7+0.3*cos(2*PI*0.1*t))`;
  return `aevalsrc=${left}|${right}:s=48000:c=stereo`;
}

const runningEncoders = new Set<ReturnType<typeof spawn>>();

/**
 * Stop every ffmpeg this process started. A server that exits must not leave
 * encoders running (they would hold CPU and a half-written temp clip).
 */
export function stopMediaGeneration(): void {
  for (const child of runningEncoders) child.kill('SIGKILL');
  runningEncoders.clear();
}

function runFfmpeg(args: string[], capture = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    runningEncoders.add(child);
    child.once('exit', () => runningEncoders.delete(child));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (!capture && stderr.length > 8192) stderr = stderr.slice(-8192);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stderr);
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim().slice(-2000)}`));
    });
  });
}

export interface ProbeResult {
  startSeconds: number;
  durationSeconds: number;
  video: string | null;
  audio: string | null;
  firstFrameIsKey: boolean;
}

/** ffprobe does not ship with the installer, so read ffmpeg's own stream dump and showinfo output. */
export async function probeFile(file: string): Promise<ProbeResult> {
  const out = await runFfmpeg(
    [
      '-hide_banner',
      '-nostdin',
      '-i',
      file,
      '-map',
      '0:v:0',
      '-vf',
      'showinfo',
      '-frames:v',
      '1',
      '-f',
      'null',
      '-',
    ],
    true,
  );
  const start = /start: (-?[\d.]+)/.exec(out);
  const dur = /Duration: (\d+):(\d+):([\d.]+)/.exec(out);
  const video = /Stream #[^\n]*Video: (\w+)/.exec(out);
  const audio = /Stream #[^\n]*Audio: (\w+)/.exec(out);
  const info = /Parsed_showinfo[^\n]*\bn:\s*0\b[^\n]*/.exec(out);
  return {
    startSeconds: start ? Number(start[1]) : 0,
    durationSeconds: dur ? Number(dur[1]) * 3600 + Number(dur[2]) * 60 + Number(dur[3]) : 0,
    video: video?.[1] ?? null,
    audio: audio?.[1] ?? null,
    firstFrameIsKey: !!info && /iskey:1/.test(info[0]) && /type:I/.test(info[0]),
  };
}

export interface PlaylistSegment {
  uri: string;
  duration: number;
}

export function parseMediaPlaylist(text: string): {
  segments: PlaylistSegment[];
  targetDuration: number;
  ended: boolean;
} {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const segments: PlaylistSegment[] = [];
  let pending: number | null = null;
  for (const line of lines) {
    if (line.startsWith('#EXTINF:')) pending = Number(line.slice(8).split(',')[0]);
    else if (line && !line.startsWith('#') && pending !== null) {
      segments.push({ uri: line, duration: pending });
      pending = null;
    }
  }
  const td = /#EXT-X-TARGETDURATION:(\d+)/.exec(text);
  return {
    segments,
    targetDuration: td ? Number(td[1]) : 0,
    ended: text.includes('#EXT-X-ENDLIST'),
  };
}

function measurePlaylist(dir: string): { peak: number; average: number } {
  const { segments } = parseMediaPlaylist(readFileSync(path.join(dir, 'index.m3u8'), 'utf8'));
  let bits = 0;
  let seconds = 0;
  let peak = 0;
  for (const s of segments) {
    const b = statSync(path.join(dir, s.uri)).size * 8;
    bits += b;
    seconds += s.duration;
    // A short final segment exaggerates its rate; it does not set the peak unless it is the only one.
    if (s.duration >= SEGMENT_SECONDS * 0.5 || segments.length === 1)
      peak = Math.max(peak, b / s.duration);
  }
  const average = seconds > 0 ? bits / seconds : 0;
  // Rounded up to the next kbit so players never under-estimate.
  return {
    peak: Math.ceil(Math.max(peak, average) / 1000) * 1000,
    average: Math.ceil(average / 1000) * 1000,
  };
}

function buildMaster(
  renditions: Array<{
    name: string;
    width: number;
    height: number;
    bandwidth: number;
    average: number;
  }>,
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS', ''];
  SUBTITLE_LANGUAGES.forEach((l, i) => {
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${l.name}",LANGUAGE="${l.language}",` +
        `DEFAULT=NO,AUTOSELECT=${i === 0 ? 'YES' : 'NO'},FORCED=NO,URI="subs/${l.language}.m3u8"`,
    );
  });
  lines.push('');
  renditions.forEach((r, i) => {
    const rung = LADDER[i]!;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.average},RESOLUTION=${r.width}x${r.height},` +
        `FRAME-RATE=${FPS.toFixed(3)},CODECS="${rung.codecs}",SUBTITLES="subs"`,
      `${r.name}/index.m3u8`,
    );
  });
  return lines.join('\n') + '\n';
}

function buildSubtitlePlaylist(language: string, duration: number): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(duration)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${duration.toFixed(3)},`,
    `${language}.vtt`,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3600000);
  const m = Math.floor((ms % 3600000) / 60000);
  const s = Math.floor((ms % 60000) / 1000);
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

export function buildVtt(language: 'en' | 'es', duration: number, mpegtsStart: number): string {
  const out = ['WEBVTT', `X-TIMESTAMP-MAP=MPEGTS:${mpegtsStart},LOCAL:00:00:00.000`, ''];
  let n = 0;
  // A cue every 4 s, shown for 3 s, stopping before the fade-out.
  for (let t = 1; t + 3 <= duration - 0.5; t += 4) {
    const line = SUBTITLE_LINES[n % SUBTITLE_LINES.length]!;
    n += 1;
    out.push(String(n), `${vttTime(t)} --> ${vttTime(t + 3)}`, line[language], '');
  }
  return out.join('\n');
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
  if (variants.length < 2) problems.push(`${key}: master lists ${variants.length} variants`);
  for (const uri of [...variants, ...[...master.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!)]) {
    if (!existsSync(path.join(dir, uri))) problems.push(`${key}: ${uri} missing`);
  }
  for (const v of variants) {
    const vdir = path.dirname(path.join(dir, v));
    const pl = parseMediaPlaylist(readFileSync(path.join(dir, v), 'utf8'));
    if (!pl.ended) problems.push(`${key}/${v}: no #EXT-X-ENDLIST`);
    const total = pl.segments.reduce((a, s) => a + s.duration, 0);
    if (Math.abs(total - d.durationSeconds) > 0.5)
      problems.push(`${key}/${v}: total ${total.toFixed(2)} s ≠ ${d.durationSeconds} s`);
    pl.segments.forEach((s, i) => {
      if (s.duration > SEGMENT_SECONDS + 0.1)
        problems.push(`${key}/${v}: segment ${i} lasts ${s.duration} s`);
      if (i < pl.segments.length - 1 && Math.abs(s.duration - SEGMENT_SECONDS) > 0.1) {
        problems.push(
          `${key}/${v}: segment ${i} lasts ${s.duration} s, expected ${SEGMENT_SECONDS}`,
        );
      }
    });
    const toProbe = opts.allSegments ? pl.segments : pl.segments.slice(0, 2);
    for (const s of toProbe) {
      const p = await probeFile(path.join(vdir, s.uri));
      if (p.video !== 'h264') problems.push(`${key}/${v}/${s.uri}: video codec ${p.video}`);
      if (p.audio !== 'aac') problems.push(`${key}/${v}/${s.uri}: audio codec ${p.audio}`);
      if (!p.firstFrameIsKey) problems.push(`${key}/${v}/${s.uri}: first frame is not a keyframe`);
    }
  }
  for (const s of d.subtitles) {
    const vtt = readFileSync(path.join(dir, s.uri.replace(/\.m3u8$/, '.vtt')), 'utf8');
    if (!vtt.startsWith('WEBVTT')) problems.push(`${key}/${s.uri}: not WebVTT`);
  }
  return problems;
}
