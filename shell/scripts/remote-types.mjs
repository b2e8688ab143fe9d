#!/usr/bin/env node
/**
 * The types of the remotes the shell's environment composes, into shell/@mf-types/<remote>/,
 * for `npm run typecheck -w shell` (src/screens/remote-contracts.ts checks the shell's use of
 * every exposed screen and of the lifecycles against them).
 *
 *   node scripts/remote-types.mjs                          this checkout's remotes
 *   node scripts/remote-types.mjs --composition <file|url> the remotes an environment composes
 *
 * With a document, each remote's types are fetched from beside its manifest (every deploy
 * publishes them), and a remote whose types cannot be fetched fails the typecheck, naming it.
 * Without one, they are generated from this checkout's sources, as a deploy would publish them
 * (and kept until those sources change).
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emitExposeTypes, fetchTypes } from '@streamflix/tools/federation-types';
import remotes from '@streamflix/tools/remotes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'shell/@mf-types');
/** Federation name → folder, for every remote of remotes.json. */
const REMOTES = Object.fromEntries(remotes.readRegistry().map((r) => [r.name, r.dir]));

/** The newest modification time under a folder: the stamp a cached generation is valid for. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { recursive: true })) {
    const time = statSync(path.join(dir, String(entry))).mtimeMs;
    if (time > latest) latest = time;
  }
  return latest;
}

async function fromDocument(source) {
  const doc = /^https?:\/\//.test(source)
    ? await (await fetch(source, { cache: 'no-cache' })).json()
    : JSON.parse(readFileSync(source, 'utf8'));
  const failures = [];
  for (const name of Object.keys(REMOTES)) {
    const manifest = doc.remotes?.[name]?.manifest;
    try {
      if (!manifest) throw new Error('the document names no manifest');
      const files = await fetchTypes(
        new URL(manifest, /^https?:/.test(source) ? source : undefined).href,
        path.join(out, name),
      );
      console.log(
        `remote-types: ${name} ${doc.remotes[name].version}: ${files.length} files from ${manifest}`,
      );
    } catch (err) {
      failures.push(`${name}: ${err.message}`);
    }
  }
  if (failures.length) {
    console.error(
      `remote-types: the types of ${doc.environment ?? source} could not all be had:\n  ${failures.join('\n  ')}`,
    );
    process.exit(1);
  }
}

function fromCheckout() {
  for (const [name, dir] of Object.entries(REMOTES)) {
    const target = path.join(out, name);
    const stampFile = path.join(target, '.source-stamp');
    const stamp = String(
      Math.max(newest(path.join(root, dir, 'src')), newest(path.join(root, 'shared/src'))),
    );
    if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) continue;
    console.log(`remote-types: ${name}: generating its types from ${dir}/src`);
    emitExposeTypes(path.join(root, dir), target);
    writeFileSync(stampFile, stamp);
  }
}

const at = process.argv.indexOf('--composition');
if (at >= 0) await fromDocument(process.argv[at + 1]);
else fromCheckout();
