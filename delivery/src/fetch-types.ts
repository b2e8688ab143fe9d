/**
 * For a team outside this repository: fetch the declarations a deployed build publishes beside
 * its manifest — a shell's @streamflix/shared, or a remote's exposes — into a folder its
 * tsconfig `paths` can point at (see docs/delivering-a-remote.md, "Types across the federation boundary").
 *
 *   npm run types -- <manifest URL> <out dir>
 */
import path from 'node:path';
import { fetchTypes } from '@streamflix/tools/federation-types';

async function main([manifest, out]: string[]) {
  if (!manifest || !out) {
    console.error('usage: npm run types -- <manifest URL> <out dir>');
    process.exit(2);
  }
  const files = await fetchTypes(manifest, path.resolve(out));
  console.log(`types: ${files.length} files from ${manifest} in ${out}`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`types: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
