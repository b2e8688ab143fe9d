/**
 *   npm run surface                               rewrite every workspace's public-surface.json
 *   npm run surface -- --check [--workspace <dir>] check reports, bumps and deprecated removals
 */
import path from 'node:path';
import { checkSurfaces, supportedReleases, writeReports } from './surface-check';
import { generateReports } from './surface-report';

const ROOT = path.resolve(__dirname, '../../..');

function main(argv: string[]) {
  const at = argv.indexOf('--workspace');
  const workspace = at >= 0 ? argv[at + 1] : undefined;
  if (!argv.includes('--check')) {
    const reports = writeReports(ROOT);
    for (const dir of Object.keys(reports))
      console.log(`surface: wrote ${dir}/public-surface.json`);
    console.log("surface: the API's report is its OpenAPI document (npm run contract -w api)");
    return;
  }
  const results = checkSurfaces(ROOT, {
    workspace,
    generated: workspace === 'api' ? {} : generateReports(ROOT),
  });
  let failed = false;
  for (const r of results) {
    const since = r.release ? `since ${r.release.version} (${r.release.commit.slice(0, 12)})` : '';
    const changes = r.changes.length
      ? `${r.changes.length} changes ${since}: needs ${r.required}, declared ${r.declared}`
      : `no change ${since}`;
    console.log(`${r.problems.length ? '✗' : '✓'} ${r.name} ${r.version} — ${changes}`);
    for (const n of r.notes) console.log(`    note: ${n}`);
    for (const p of r.problems) console.log(`    ${p}`);
    failed ||= r.problems.length > 0;
  }
  if (!workspace || workspace === 'shared') {
    console.log('supported releases (the latest of each remote, and those environments name):');
    for (const s of supportedReleases(ROOT))
      console.log(
        `    ${s.dir}@${s.version} (${s.why}) imports ${
          s.sharedImports === null
            ? 'an unknown set of shared exports (released without a report)'
            : `${s.sharedImports.length} shared exports${s.sharedImports.includes('callApi') ? ', callApi among them' : ''}${s.sharedImports.includes('ComingSoon') ? ', ComingSoon among them' : ''}`
        }`,
      );
  }
  if (failed) process.exitCode = 1;
}

main(process.argv.slice(2));
