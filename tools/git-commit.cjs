/**
 * The commit a build is made from: `git rev-parse --short=12 HEAD`, with `-dirty` when tracked
 * files differ from it. Empty outside a git checkout (a source tarball), so a caller can say
 * "not recorded" only when nothing could be recorded. Used by every app's build (the shell's
 * /versions page, each remote's manifest) and by the deploy command.
 */
const { spawnSync } = require('node:child_process');

/** @param {string} cwd any folder inside the checkout */
function gitCommit(cwd) {
  const run = (args) => {
    const res = spawnSync('git', args, { cwd, encoding: 'utf8' });
    return res.status === 0 ? res.stdout.trim() : '';
  };
  const sha = run(['rev-parse', '--short=12', 'HEAD']);
  if (!sha) return '';
  return run(['status', '--porcelain', '--untracked-files=no']) ? `${sha}-dirty` : sha;
}

module.exports = { gitCommit };
