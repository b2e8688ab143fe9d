/**
 * The one registry of remotes (`remotes.json` at the repository root), read and checked, and
 * everything derived from it: the start script's apps and ports, the jest projects, the lint
 * apps, the e2e and benchmark ports, and the typed module `@streamflix/composition` exports.
 * Every function takes the registry as an optional last argument (a path, the parsed file or
 * its list), so a test can prove that a fifth remote is one registry entry away.
 *
 *   node tools/remotes.cjs --write   regenerate composition/src/remote-registry.generated.ts
 */
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const REGISTRY_FILE = path.join(ROOT, 'remotes.json');
const REMOTES_MODULE = path.join(ROOT, 'composition/src/remote-registry.generated.ts');

const RULES = {
  // `mf_` marks a remote's import specifiers (`mf_catalog/Home`: shell/tsconfig.json maps `mf_*`).
  name: [/^mf(_[a-z0-9]+)+$/, 'a JS identifier in snake case starting "mf_", e.g. "mf_search"'],
  dir: [/^mf(-[a-z0-9]+)+$/, 'a folder in kebab case starting "mf-", e.g. "mf-search"'],
  portEnv: [/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*_PORT$/, 'an environment variable, e.g. "SEARCH_PORT"'],
  team: [/^[a-z][a-z0-9-]*$/, 'a team named after its journey, e.g. "search"'],
  label: [/^\S.{0,38}\S$|^\S$/, 'a short label for messages, e.g. "search"'],
};
// A team may own several remotes: its name is not unique.
const UNIQUE = ['name', 'dir', 'port', 'portEnv'];

/** The registry's remotes, checked; `source` is a path (default: remotes.json), the file's object or its list. */
function readRegistry(source = REGISTRY_FILE) {
  const where = typeof source === 'string' ? path.relative(ROOT, source) || source : 'registry';
  let doc = source;
  if (typeof source === 'string') {
    try {
      doc = JSON.parse(readFileSync(source, 'utf8'));
    } catch (err) {
      throw new Error(`${where}: cannot read the registry of remotes (${err.message})`);
    }
  }
  const list = Array.isArray(doc) ? doc : doc && doc.remotes;
  if (!Array.isArray(list) || list.length === 0)
    throw new Error(`${where}: "remotes" must be a non-empty list of remotes`);
  const seen = Object.fromEntries(UNIQUE.map((k) => [k, new Set()]));
  const remotes = list.map((r, i) => {
    const at = `${where}: remote ${i + 1}${r && typeof r.name === 'string' ? ` ("${r.name}")` : ''}`;
    if (!r || typeof r !== 'object') throw new Error(`${at} is not an object`);
    for (const [field, [pattern, hint]] of Object.entries(RULES))
      if (typeof r[field] !== 'string' || !pattern.test(r[field]))
        throw new Error(`${at}: "${field}" must be ${hint} (got ${JSON.stringify(r[field])})`);
    if (!Number.isInteger(r.port) || r.port < 1024 || r.port > 65535)
      throw new Error(`${at}: "port" must be a port number from 1024 to 65535 (got ${r.port})`);
    if (r.name.replace(/_/g, '-') !== r.dir)
      throw new Error(
        `${at}: "dir" must be the name in kebab case ("${r.name.replace(/_/g, '-')}")`,
      );
    for (const k of UNIQUE) {
      if (seen[k].has(r[k])) throw new Error(`${at}: "${k}" ${JSON.stringify(r[k])} is taken`);
      seen[k].add(r[k]);
    }
    const { name, dir, port, portEnv, team, label } = r;
    return Object.freeze({ name, dir, port, portEnv, team, label });
  });
  return Object.freeze(remotes);
}

/** The apps `npm start` runs (the shell first, then each remote) and their ports, `env` overriding. */
function productApps(env = process.env, source) {
  const remotes = readRegistry(source);
  const port = (value, fallback) => Number(value ?? fallback);
  return {
    apps: [{ name: 'shell', dir: 'shell' }, ...remotes.map(({ name, dir }) => ({ name, dir }))],
    ports: {
      shell: port(env.SHELL_PORT, 3000),
      ...Object.fromEntries(remotes.map((r) => [r.name, port(env[r.portEnv], r.port)])),
      api: port(env.API_PORT, 4000),
    },
  };
}

/**
 * Ports for a second copy of the product (the browser tests, a benchmark): the shell at `shellPort`,
 * each remote after it in registry order. Returns the remotes with that port and the environment
 * the start script reads.
 */
function portsAfter(shellPort, source) {
  const remotes = readRegistry(source).map((r, i) => ({ ...r, port: shellPort + 1 + i }));
  const env = { SHELL_PORT: String(shellPort) };
  for (const r of remotes) env[r.portEnv] = String(r.port);
  return { remotes, env };
}

/** The jest projects of `npm run test:unit`, by folder (the remotes' from the registry). */
function jestProjects(source) {
  const dirs = ['shared', 'composition', 'tools', 'shell', 'delivery'];
  dirs.push(...readRegistry(source).map((r) => r.dir), 'api');
  return dirs.map((d) => `<rootDir>/${d}`);
}

/** The apps the lint config treats as apps (React, import zones): the shell and every remote. */
function lintApps(source) {
  return ['shell', ...readRegistry(source).map((r) => r.dir)];
}

/** The TypeScript module `@streamflix/composition` exports: the registry with literal types. */
function remotesModuleSource(source) {
  const q = (s) => `'${s}'`;
  const entries = readRegistry(source).map(
    (r) =>
      `  {\n    name: ${q(r.name)},\n    dir: ${q(r.dir)},\n    port: ${r.port},\n` +
      `    portEnv: ${q(r.portEnv)},\n    team: ${q(r.team)},\n    label: ${q(r.label)},\n  },\n`,
  );
  return [
    '/**',
    ' * Generated from the root `remotes.json` by `npm run remotes`: edit the registry, not this file.',
    ' * tools/remotes.test.ts fails when the two differ.',
    ' */',
    `export const REMOTE_REGISTRY = [\n${entries.join('')}] as const;`,
    '',
  ].join('\n');
}

module.exports = {
  REGISTRY_FILE,
  REMOTES_MODULE,
  readRegistry,
  productApps,
  portsAfter,
  jestProjects,
  lintApps,
  remotesModuleSource,
};

if (require.main === module && process.argv.includes('--write')) {
  writeFileSync(REMOTES_MODULE, remotesModuleSource());
  console.log(`remotes: wrote ${path.relative(ROOT, REMOTES_MODULE)}`);
}
