import { existsSync } from 'node:fs';
import path from 'node:path';
import { FIRST_SEGMENT_SECONDS, FPS, SEGMENT_SECONDS, type ClipSpec } from '../../catalogue';

/** The ffmpeg command that encodes one clip's whole ladder from lavfi sources in a single pass. */

export interface Rung {
  name: string;
  width: number;
  height: number;
  videoKbps: number;
  profile: 'main' | 'high';
  level: string;
  /** RFC 6381 codec string matching profile/level above. */
  codecs: string;
}

/**
 * Lightest first. The 240p rung is what a slow phone connection (3G, ~0.75 Mbps) can sustain
 * with its audio and still start within a few seconds; capLevelToPlayerSize and the bandwidth
 * estimate keep the player on the rung its screen and network can use.
 */
export const LADDER: readonly Rung[] = [
  {
    name: '240p',
    width: 426,
    height: 240,
    videoKbps: 300,
    profile: 'main',
    level: '2.1',
    codecs: 'avc1.4d4015,mp4a.40.2',
  },
  {
    name: '360p',
    width: 640,
    height: 360,
    videoKbps: 800,
    profile: 'main',
    level: '3.0',
    codecs: 'avc1.4d401e,mp4a.40.2',
  },
  {
    name: '720p',
    width: 1280,
    height: 720,
    videoKbps: 2500,
    profile: 'high',
    level: '3.1',
    codecs: 'avc1.64001f,mp4a.40.2',
  },
];

/**
 * The audio renditions, each its own audio-only playlist in one EXT-X-MEDIA group: the
 * original, a second language and an audio-description track. The clips have no speech, so
 * each sounds different enough to hear the switch: the dub is a third higher, the description
 * adds a soft chime where a narrator would speak.
 */
export interface AudioRendition {
  id: string;
  language: string;
  name: string;
  default: boolean;
  description: boolean;
  /** Multiplies the clip's chord root. */
  pitch: number;
}

/**
 * Every variant carries one audio rendition beside its video, so the audio's rate is paid on
 * every rung: 64 kbps stereo AAC-LC (Apple's HLS authoring guide lists 32–160) keeps the 240p
 * variant near 0.4 Mbps in all.
 */
export const AUDIO_KBPS = 64;
export const AUDIO_CODEC = 'mp4a.40.2';
export const AUDIO_RENDITIONS: readonly AudioRendition[] = [
  { id: 'en', language: 'en', name: 'English', default: true, description: false, pitch: 1 },
  { id: 'es', language: 'es', name: 'Español', default: false, description: false, pitch: 1.2599 },
  {
    id: 'en-ad',
    language: 'en',
    name: 'English (audio description)',
    default: false,
    description: true,
    pitch: 1,
  },
];

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

export function encodeArgs(spec: ClipSpec, outDir: string): string[] {
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
    ...AUDIO_RENDITIONS.map(
      (_, i) => `[${i + 1}:a]afade=t=in:d=1,afade=t=out:st=${fadeOut}:d=1.5[a${i}]`,
    ),
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
    ...AUDIO_RENDITIONS.flatMap((a) => [
      '-f',
      'lavfi',
      '-t',
      String(d),
      '-i',
      ambientChord(spec.baseHz * a.pitch, a.description),
    ]),
    '-filter_complex',
    graph,
  ];
  // The muxer cuts at the first keyframe at or after its target (`-hls_time` × segments so far):
  // the video's, a FIRST_SEGMENT_SECONDS target with keyframes only at 0, FIRST_SEGMENT_SECONDS and
  // every SEGMENT_SECONDS after, cuts at each keyframe. Audio (every frame a keyframe) keeps
  // SEGMENT_SECONDS throughout: shorter ones would double its requests.
  const hlsOutput = (dir: string, seconds: number) => [
    '-t',
    String(d),
    '-f',
    'hls',
    '-hls_time',
    String(seconds),
    '-hls_playlist_type',
    'vod',
    '-hls_list_size',
    '0',
    '-hls_segment_filename',
    path.join(outDir, dir, 'seg-%03d.ts'),
    path.join(outDir, dir, 'index.m3u8'),
  ];
  // Video-only renditions: the audio comes from the group the viewer picks.
  LADDER.forEach((r, i) => {
    args.push(
      '-map',
      `[v${i}]`,
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
      // Fixed GOP = segment length, no scene-cut keyframes: every segment starts on an IDR (at 0,
      // FIRST_SEGMENT_SECONDS, then every SEGMENT_SECONDS).
      '-g',
      String(gop),
      '-keyint_min',
      String(gop),
      '-sc_threshold',
      '0',
      '-force_key_frames',
      `expr:gte(t,if(eq(n_forced,0),0,${FIRST_SEGMENT_SECONDS}+(n_forced-1)*${SEGMENT_SECONDS}))`,
      ...hlsOutput(r.name, FIRST_SEGMENT_SECONDS),
    );
  });
  AUDIO_RENDITIONS.forEach((a, i) => {
    args.push(
      '-map',
      `[a${i}]`,
      '-c:a',
      'aac',
      '-b:a',
      `${AUDIO_KBPS}k`,
      '-ac',
      '2',
      '-ar',
      '48000',
      ...hlsOutput(path.join('audio', a.id), SEGMENT_SECONDS),
    );
  });
  return args;
}

/** A slowly breathing major chord, slightly detuned between channels: easier on the ear than a test tone. */
function ambientChord(root: number, narration = false): string {
  const f = (x: number): string => x.toFixed(2);
  // Where a describer would speak: a soft two-note chime swelling every 4 s (no commas: the
  // expression sits inside a filter graph, where a comma would end it).
  const chime = narration
    ? `+0.07*(sin(2*PI*880*t)+sin(2*PI*1320*t))*(0.5+0.5*sin(PI*0.5*t))^16`
    : '';
  const left = `(0.08*sin(2*PI*${f(root)}*t)+0.05*sin(2*PI*${f(root * 1.2599)}*t)+0.045*sin(2*PI*${f(root * 1.4983)}*t))*(0.7+0.3*sin(2*PI*0.125*t))${chime}`;
  const right = `(0.08*sin(2*PI*${f(root * 1.002)}*t)+0.05*sin(2*PI*${f(root * 1.4983)}*t)+0.035*sin(2*PI*${f(root * 2)}*t))*(0.7+0.3*cos(2*PI*0.1*t))${chime}`;
  return `aevalsrc=${left}|${right}:s=48000:c=stereo`;
}
