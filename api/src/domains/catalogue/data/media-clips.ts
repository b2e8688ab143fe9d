/**
 * The fixed set of generated clips. Kept apart from media-library.ts so the pure catalogue
 * builder can reference clip keys and durations without pulling in child_process or fs.
 */
export interface ClipSpec {
  key: string;
  kind: 'feature' | 'trailer';
  label: string;
  durationSeconds: number;
  /** lavfi video source chain producing 1280x720 @ FPS; the text overlay is added later. */
  video: string;
  /** Root of the ambient chord, so each clip sounds a little different. */
  baseHz: number;
}

export const FPS = 24;
/**
 * Two-second segments (and keyframes): playback starts after one segment and a quality switch
 * takes effect at the next, so both wait a third as long as with 6-second ones (a 6-second
 * 360p segment is ~0.7 MB: over 7 s on a 0.75 Mbps link). The cost: three times the requests
 * and a few percent more bits for the keyframes.
 */
export const SEGMENT_SECONDS = 2;
/**
 * The video's first segment is one second: the first frame waits for it (with the player's code),
 * and on a phone's 3G link its 2-second version (~63 KB at 240p) was a sixth of all a typed watch
 * link downloaded before its first frame. Keyframes at 0 and 1 s, then every SEGMENT_SECONDS.
 */
export const FIRST_SEGMENT_SECONDS = 1;

// A cheap plasma: geq is evaluated on a tiny frame and scaled up, so it costs almost nothing.
const plasma = (a: number, b: number, c: number): string =>
  `color=c=black:s=160x90:r=${FPS},format=gbrp,` +
  `geq=r='128+110*sin(X/${a}+T*0.6)':g='128+100*sin(Y/${b}+T*0.45)':b='128+110*sin((X+Y)/${c}+T*0.8)',` +
  // Leaving RGB while the frame is still tiny: converting at 720p cost more than the effect itself.
  `format=yuv444p,scale=1280:720:flags=bicubic`;

/** Conway's life in big cells; colours are per clip. */
const life = (
  cells: string,
  seed: number,
  mold: number,
  ratio: number,
  dead: string,
  alive: string,
  moldColour: string,
): string =>
  `life=s=${cells}:r=${FPS}:mold=${mold}:ratio=${ratio}:seed=${seed}:death_color=${dead}:life_color=${alive}:mold_color=${moldColour},` +
  'format=yuv444p,scale=1280:720:flags=neighbor';

export const CLIP_SPECS: readonly ClipSpec[] = [
  {
    key: 'feature-01',
    kind: 'feature',
    label: 'Feature One',
    durationSeconds: 96,
    video: plasma(17, 13, 23),
    baseHz: 220,
  },
  {
    key: 'feature-02',
    kind: 'feature',
    label: 'Feature Two',
    durationSeconds: 90,
    video: `testsrc2=s=1280x720:r=${FPS}`,
    baseHz: 196,
  },
  {
    key: 'feature-03',
    kind: 'feature',
    label: 'Feature Three',
    durationSeconds: 102,
    video: life('320x180', 7, 12, 0.3, '#14203a', '#ffc46b', '#7a2d5c'),
    baseHz: 246.94,
  },
  {
    key: 'feature-04',
    kind: 'feature',
    label: 'Feature Four',
    durationSeconds: 90,
    // A slow zoom into the Mandelbrot set, rendered at quarter size because the fractal is the costly part.
    video: `mandelbrot=s=640x360:r=${FPS}:maxiter=256,format=yuv444p,scale=1280:720:flags=bicubic`,
    baseHz: 174.61,
  },
  {
    key: 'feature-05',
    kind: 'feature',
    label: 'Feature Five',
    durationSeconds: 96,
    video: life('160x90', 99, 8, 0.25, '#3a1c0c', '#ffe8a0', '#c0502a'),
    baseHz: 261.63,
  },
  {
    key: 'feature-06',
    kind: 'feature',
    label: 'Feature Six',
    durationSeconds: 108,
    video: life('256x144', 42, 20, 0.12, '#0b2e2a', '#9ef0d0', '#2b4a8c'),
    baseHz: 207.65,
  },
  {
    key: 'trailer-01',
    kind: 'trailer',
    label: 'Trailer',
    durationSeconds: 30,
    video: plasma(9, 21, 15),
    baseHz: 293.66,
  },
  {
    key: 'trailer-02',
    kind: 'trailer',
    label: 'Trailer',
    durationSeconds: 30,
    video: `smptehdbars=s=1280x720:r=${FPS},hue=H=2*PI*t/10`,
    baseHz: 329.63,
  },
];

export const MEDIA_CLIP_KEYS: readonly string[] = CLIP_SPECS.map((c) => c.key);
export const FEATURE_CLIP_KEYS: readonly string[] = CLIP_SPECS.filter(
  (c) => c.kind === 'feature',
).map((c) => c.key);
export const TRAILER_CLIP_KEYS: readonly string[] = CLIP_SPECS.filter(
  (c) => c.kind === 'trailer',
).map((c) => c.key);

export function clipSpec(key: string): ClipSpec | undefined {
  return CLIP_SPECS.find((c) => c.key === key);
}

/** Duration of a clip without touching disk (catalogue markers are placed within it). */
export function clipDurationSeconds(key: string): number {
  const spec = clipSpec(key);
  if (!spec) throw new Error(`Unknown media clip: ${key}`);
  return spec.durationSeconds;
}
