'use strict';
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

const ORDER = ['patch', 'minor', 'major'];

/**
 * The version a package's code in this tree will be released as: its package.json version with the
 * pending changesets' highest bump applied (`.changeset/*.md` front matter, `'<name>': minor`).
 * Between releases the apps built here already use the shared package's new exports; declaring (and
 * providing) the version they will ship in lets the gate refuse such a remote under a shell that does
 * not have them yet, instead of it failing at run time. A released tree has no pending changesets.
 */
function pendingVersion(root, name, version) {
  const dir = path.join(root, '.changeset');
  let bump = -1;
  for (const file of existsSync(dir) ? readdirSync(dir) : []) {
    if (!file.endsWith('.md') || file === 'README.md') continue;
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(path.join(dir, file), 'utf8'));
    for (const line of front ? front[1].split(/\r?\n/) : []) {
      const m = /^\s*['"]?([^'":]+)['"]?\s*:\s*(patch|minor|major)\s*$/.exec(line);
      if (m && m[1] === name) bump = Math.max(bump, ORDER.indexOf(m[2]));
    }
  }
  const [major, minor, patch] = version.split('-')[0].split('.').map(Number);
  if (bump === 2) return `${major + 1}.0.0`;
  if (bump === 1) return `${major}.${minor + 1}.0`;
  if (bump === 0) return `${major}.${minor}.${patch + 1}`;
  return version;
}

module.exports = { pendingVersion };
