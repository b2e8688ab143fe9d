/**
 * Generates (or completes) the HLS media library once, then verifies every clip.
 * Usage: npx tsx scripts/generate-media.ts [mediaRoot]   (default: api/data/media)
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ensureMedia, verifyClip } from '../src/domains/playback/media/media-library';

async function main(): Promise<void> {
  const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'data', 'media'));
  const started = Date.now();
  const clips = await ensureMedia(root, { onProgress: (m) => console.log(m) });
  const seconds = (Date.now() - started) / 1000;
  let failed = false;
  for (const clip of clips) {
    const problems = await verifyClip(root, clip.key, { allSegments: true });
    failed ||= problems.length > 0;
    console.log(
      `${clip.key}: ${clip.durationSeconds} s, ${clip.renditions.map((r) => `${r.name}@${Math.round(r.bandwidth / 1000)}k`).join(' ')}` +
        (problems.length ? `\n  ${problems.join('\n  ')}` : ' ok'),
    );
  }
  const size = execFileSync('du', ['-sh', root]).toString().split('\t')[0];
  console.log(
    `${clips.length} clips in ${root}: ${size} on disk; ensureMedia took ${seconds.toFixed(1)} s`,
  );
  if (failed) process.exitCode = 1;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
