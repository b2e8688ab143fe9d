import { spawn } from 'node:child_process';

export function ffmpegPath(): string {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  // The installer package has no types and is CommonJS; require keeps it lazy for the catalogue-only callers.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const installer = require('@ffmpeg-installer/ffmpeg') as { path: string };
  return installer.path;
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

export function runFfmpeg(args: string[], capture = false): Promise<string> {
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
      // Either may be missing: video renditions carry no audio, audio renditions no video.
      '-map',
      '0:v:0?',
      '-map',
      '0:a:0?',
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
