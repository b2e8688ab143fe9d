/**
 * The public-surface check (`npm run surface -- --check`, and in `npm test`):
 *
 * 1. each committed report is what the sources generate now (`npm run surface` rewrites them);
 * 2. against the report of the workspace's last release (from history: the commit that set its
 *    version), every change has the bump it requires, counting the pending changesets;
 * 3. a deprecated export of @streamflix/shared is removed only once no supported release
 *    imports it (supported: the latest release of each remote, and every remote version an
 *    environment document in shell/composition/ names).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { releaseOf, releasesOf, type Release } from '../release-history';
import {
  changesetBumps,
  declaredCompatible,
  diffReports,
  levelBetween,
  maxLevel,
  requiredLevel,
  levelOf,
  atLeast,
  type Change,
  type Level,
} from './surface-diff';
import {
  OPENAPI_FILE,
  REMOTE_DIRS,
  REPORT_FILE,
  SURFACE_WORKSPACES,
  apiReport,
  formatReport,
  generateReports,
  type OpenApiDocument,
  type RemoteReport,
  type SurfaceReport,
} from './surface-report';

export interface WorkspaceResult {
  dir: string;
  name: string;
  version: string;
  release?: Release;
  changes: Change[];
  required: Level;
  declared: Level;
  problems: string[];
  notes: string[];
}

export interface SupportedRelease {
  dir: string;
  version: string;
  commit: string;
  why: string;
  /** The shared exports it imports, or null when its release carries no report. */
  sharedImports: string[] | null;
}

const gitShow = (root: string, commit: string, file: string): string | null => {
  const res = spawnSync('git', ['show', `${commit}:${file}`], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
  return res.status === 0 ? res.stdout : null;
};

const readPackage = (root: string, dir: string) =>
  JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };

/** The report a release committed (the API's is its OpenAPI document), or null. */
function releasedReport(root: string, dir: string, commit: string): SurfaceReport | null {
  const text = gitShow(root, commit, dir === 'api' ? OPENAPI_FILE : `${dir}/${REPORT_FILE}`);
  if (!text) return null;
  const json = JSON.parse(text) as unknown;
  return dir === 'api' ? apiReport(json as OpenApiDocument) : (json as SurfaceReport);
}

/** Highest pending bump per package name, from `.changeset/*.md`. */
export function pendingBumps(root: string): Record<string, Level> {
  const out: Record<string, Level> = {};
  for (const text of pendingChangesetTexts(root))
    for (const [name, level] of Object.entries(changesetBumps(text)))
      out[name] = maxLevel(out[name] ?? 'none', level);
  return out;
}

function pendingChangesetTexts(root: string): string[] {
  const dir = path.join(root, '.changeset');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
}

/** Per package, the exports its pending changesets declare compatible (`Compatible: name`). */
function pendingCompatible(root: string): Record<string, Set<string>> {
  const out: Record<string, Set<string>> = {};
  for (const text of pendingChangesetTexts(root))
    for (const name of Object.keys(changesetBumps(text)))
      for (const exp of declaredCompatible(text)) (out[name] ??= new Set()).add(exp);
  return out;
}

const LEVEL_HINT: Record<Level, string> = {
  none: 'no bump',
  patch: 'a patch bump',
  minor: 'a minor bump',
  major: 'a major bump',
};

export function supportedReleases(root: string): SupportedRelease[] {
  const out: SupportedRelease[] = [];
  const add = (dir: string, release: Release, why: string) => {
    if (out.some((s) => s.dir === dir && s.version === release.version)) return;
    const report = releasedReport(root, dir, release.commit) as RemoteReport | null;
    out.push({ dir, ...release, why, sharedImports: report ? report.sharedImports : null });
  };
  const compositions = path.join(root, 'shell/composition');
  const docs = existsSync(compositions)
    ? readdirSync(compositions)
        .filter((f) => f.endsWith('.json'))
        .map((f) => ({
          env: f.replace(/\.json$/, ''),
          doc: JSON.parse(readFileSync(path.join(compositions, f), 'utf8')) as {
            remotes?: Record<string, { version?: string; fallback?: { version?: string } }>;
          },
        }))
    : [];
  for (const dir of REMOTE_DIRS) {
    const latest = releasesOf(root, dir)[0];
    if (latest) add(dir, latest, 'latest release');
    const name = dir.replace(/-/g, '_');
    for (const { env, doc } of docs)
      for (const v of [doc.remotes?.[name]?.version, doc.remotes?.[name]?.fallback?.version]) {
        const release = v && /^\d+\.\d+\.\d+$/.test(v) ? releaseOf(root, dir, v) : undefined;
        if (release) add(dir, release, `named by ${env}`);
      }
  }
  return out;
}

/** A deprecated export removed while a supported release may still import it. */
export function deprecatedRemovals(
  name: string,
  changes: Change[],
  supported: SupportedRelease[],
): string[] {
  const problems: string[] = [];
  for (const c of changes.filter((x) => x.kind === 'removed' && x.deprecated && x.exportName)) {
    const users = supported.filter(
      (s) => s.sharedImports === null || s.sharedImports.includes(c.exportName!),
    );
    if (users.length)
      problems.push(
        `${name}: deprecated ${c.label} was removed while supported releases may still import it: ${users
          .map(
            (u) =>
              `${u.dir}@${u.version} (${u.why}${u.sharedImports === null ? ', no report to tell' : ''})`,
          )
          .join(', ')}`,
      );
  }
  return problems;
}

export interface CheckOptions {
  /** Only this workspace folder. */
  workspace?: string;
  /** Reports generated already (the CLI writes them first). */
  generated?: Record<string, SurfaceReport>;
}

export function checkSurfaces(root: string, opts: CheckOptions = {}): WorkspaceResult[] {
  const dirs = SURFACE_WORKSPACES.filter((d) => !opts.workspace || d === opts.workspace);
  if (opts.workspace && !dirs.length)
    throw new Error(
      `${opts.workspace} has no public surface; one of ${SURFACE_WORKSPACES.join(', ')}`,
    );
  const generated = opts.generated ?? (dirs.some((d) => d !== 'api') ? generateReports(root) : {});
  const pending = pendingBumps(root);
  const compatible = pendingCompatible(root);
  let supported: SupportedRelease[] | undefined;
  return dirs.map((dir) => {
    const pkg = readPackage(root, dir);
    const result: WorkspaceResult = {
      dir,
      name: pkg.name,
      version: pkg.version,
      changes: [],
      required: 'none',
      declared: 'none',
      problems: [],
      notes: [],
    };
    let current: SurfaceReport;
    if (dir === 'api') {
      current = apiReport(JSON.parse(readFileSync(path.join(root, OPENAPI_FILE), 'utf8')));
    } else {
      current = generated[dir]!;
      const file = path.join(root, dir, REPORT_FILE);
      const committed = existsSync(file) ? readFileSync(file, 'utf8') : null;
      if (committed !== formatReport(current)) {
        const what = committed
          ? diffReports(JSON.parse(committed) as SurfaceReport, current)
              .map((c) => `${c.label} ${c.kind}`)
              .slice(0, 8)
          : ['no report committed'];
        result.problems.push(
          `${pkg.name}: public surface changed and ${dir}/${REPORT_FILE} was not updated (${what.join('; ') || 'formatting'}): run \`npm run surface\` and commit the report`,
        );
      }
    }
    const release = releasesOf(root, dir)[0];
    if (!release) {
      result.notes.push('never released: no baseline to compare with');
      return result;
    }
    result.release = release;
    const baseline = releasedReport(root, dir, release.commit);
    if (!baseline) {
      result.notes.push(`release ${release.version} has no public-surface report: no baseline`);
      return result;
    }
    result.changes = diffReports(baseline, current).map((c) =>
      c.kind === 'changed' && c.exportName && compatible[pkg.name]?.has(c.exportName)
        ? { ...c, incompatible: false, declaredCompatible: true }
        : c,
    );
    for (const c of result.changes.filter((x) => x.declaredCompatible))
      result.notes.push(`${c.label}: changed, declared compatible by a pending changeset`);
    result.required = requiredLevel(result.changes, release.version);
    result.declared = maxLevel(
      levelBetween(release.version, pkg.version),
      pending[pkg.name] ?? 'none',
    );
    if (!atLeast(result.declared, result.required)) {
      const zero = release.version.startsWith('0.');
      const short = result.changes.filter(
        (c) => !atLeast(result.declared, levelOf(c, release.version)),
      );
      for (const c of short.slice(0, 20)) {
        const need = levelOf(c, release.version);
        result.problems.push(
          `${pkg.name}: ${c.label} was ${c.kind}${c.incompatible ? ' (incompatible)' : ''} since ${release.version} — needs ${LEVEL_HINT[need]}${c.incompatible && zero ? ' (major from 1.0; minor before it)' : ''}; add a changeset: "${pkg.name}": ${need}`,
        );
      }
      if (short.length > 20)
        result.problems.push(`${pkg.name}: … and ${short.length - 20} more changes`);
    }
    if (dir === 'shared' && result.changes.some((c) => c.kind === 'removed' && c.deprecated)) {
      supported ??= supportedReleases(root);
      result.problems.push(...deprecatedRemovals(pkg.name, result.changes, supported));
    }
    return result;
  });
}

export function writeReports(root: string): Record<string, SurfaceReport> {
  const reports = generateReports(root);
  for (const [dir, report] of Object.entries(reports))
    writeFileSync(path.join(root, dir, REPORT_FILE), formatReport(report));
  return reports;
}
