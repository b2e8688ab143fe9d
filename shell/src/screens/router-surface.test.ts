import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROUTER_SURFACE } from '@streamflix/shared';

/** Every app keeps only ROUTER_SURFACE of react-router-dom; using anything else would break at run time. */
const root = path.resolve(__dirname, '../../..');
const apps = ['shell', 'shared', 'mf-catalog', 'mf-player', 'mf-account', 'mf-checkout'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

it('imports nothing from react-router-dom outside the shared router surface', () => {
  const offenders: string[] = [];
  const allowed = new Set<string>(ROUTER_SURFACE);
  for (const app of apps) {
    for (const file of sources(path.join(root, app, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router-dom'/g,
      )) {
        if (m[1]) continue;
        for (const raw of m[2]!.split(',')) {
          const spec = raw.trim();
          if (!spec || spec.startsWith('type ')) continue;
          const name = spec.split(/\s+as\s+/)[0]!.trim();
          if (!allowed.has(name)) offenders.push(`${path.relative(root, file)}: ${name}`);
        }
      }
      if (/import\s+\*\s+as\s+\w+\s+from\s+'react-router-dom'/.test(text))
        offenders.push(`${path.relative(root, file)}: namespace import`);
    }
  }
  expect(offenders).toEqual([]);
});
