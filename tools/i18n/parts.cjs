/**
 * The catalogs of each workspace (docs/i18n.md, "Parts"): the workspace's own, in
 * `<workspace>/src/locales/`, and its parts. A part is a folder under `<workspace>/src` holding a
 * `locales/catalogs.ts` of its own (`defineCatalogs('<workspace>:<part>', …)`): the messages of the
 * files in that folder go to the part's catalogs (`<folder>/locales/<lang>.po`), not the
 * workspace's, and are loaded with the lazily loaded chunk that uses them (its `useCatalogs`).
 * Read by lingui.config.cjs, `npm run i18n` and the catalog gates, so a new part needs no config.
 */
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');

/** The part folders of a workspace, relative to the repository root (sorted). */
function partFolders(ws) {
  const src = path.join(ROOT, ws, 'src');
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.name === 'locales') {
        if (dir !== src && existsSync(path.join(full, 'catalogs.ts')))
          found.push(path.relative(ROOT, dir).split(path.sep).join('/'));
        continue;
      }
      walk(full);
    }
  };
  if (existsSync(src)) walk(src);
  return found.sort();
}

/**
 * Every catalog of a workspace: `{ name, workspace, folder, locales, parts }`. `name` is the
 * workspace (its own catalog) or `<workspace>:<part>`, the part being its folder under src/;
 * `folder` is what it extracts from (the workspace's src/ less its parts' folders, `parts`).
 */
function catalogsOf(ws) {
  const parts = partFolders(ws);
  const own = {
    name: ws,
    workspace: ws,
    folder: `${ws}/src`,
    locales: `${ws}/src/locales`,
    parts,
  };
  return [
    own,
    ...parts.map((folder) => ({
      name: `${ws}:${folder.slice(`${ws}/src/`.length)}`,
      workspace: ws,
      folder,
      locales: `${folder}/locales`,
      parts: parts.filter((inner) => inner.startsWith(`${folder}/`)),
    })),
  ];
}

module.exports = { partFolders, catalogsOf };
