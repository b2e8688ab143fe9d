import path from 'node:path';
import { readdirSync } from 'node:fs';

/**
 * A remote's public surface is the files in src/exposes/: `title-detail.tsx`
 * is exposed as `./TitleDetail`, `lifecycles.tsx` as `./lifecycles`. Kept apart
 * from rspack.config.base.ts (no bundler imports) so the shell's unit tests can
 * check their route tables against it.
 */
export function exposesOf(dir: string): Record<string, string> {
  const folder = path.join(dir, 'src/exposes');
  const entries: Record<string, string> = {};
  for (const file of readdirSync(folder).sort()) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const base = file.replace(/\.tsx?$/, '');
    const name =
      base === 'lifecycles'
        ? base
        : base.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());
    entries[`./${name}`] = `./src/exposes/${file}`;
  }
  return entries;
}
