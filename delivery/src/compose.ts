/**
 * Point an environment at remote versions, through the compatibility gate:
 *
 *   npm run compose -- <environment> show
 *   npm run compose -- <environment> set <remote> <version> [--manifest <url>] [--isolated | --federated]
 *   npm run compose -- <environment> check <remote> [<version>] [--manifest <url>]   (writes nothing)
 *   npm run compose -- <environment> rollback <remote>
 *   options: --file <document> (default shell/composition/<environment>.json)
 *
 * `set` fetches the candidate's manifest and remote entry, runs the gate
 * against the environment's shell and API, and only then rewrites the document
 * (temp file + rename), recording the entry's SHA-384, keeping the previous
 * entry as the run-time fallback and appending to the history rollback reads.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  REMOTE_NAMES,
  fetchManifest,
  formatGateReport,
  parseCompositionDocument,
  remoteEntryUrl,
  runGate,
  type CompositionDocument,
  type GateReport,
  type HistoryRecord,
  type RemoteEntry,
  type RemoteName,
  REMOTES,
} from '@streamflix/composition';
import { rollbackTarget, rolledBackEntry } from './rollback-target';

const ROOT = path.resolve(__dirname, '../..');
/** Each remote's folder, which names it in the deployment store (from remotes.json). */
const REMOTE_DIRS = Object.fromEntries(REMOTES.map((r) => [r.name, r.dir])) as Record<
  RemoteName,
  string
>;

export class ComposeError extends Error {
  override name = 'ComposeError';
}

export interface ComposeContext {
  fetch: typeof fetch;
  now: () => Date;
  log: (line: string) => void;
}

const defaultContext: ComposeContext = {
  fetch: (...args) => fetch(...args),
  now: () => new Date(),
  log: (line) => console.log(line),
};

export function documentPath(environment: string, file?: string): string {
  if (file) return path.resolve(file);
  if (!/^[a-z0-9][a-z0-9-]*$/.test(environment))
    throw new ComposeError(
      `"${environment}" is not an environment name (lower-case letters, digits, -).`,
    );
  return path.join(ROOT, 'shell/composition', `${environment}.json`);
}

export function readDocument(file: string): {
  raw: Record<string, unknown>;
  doc: CompositionDocument;
} {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ComposeError(`${file} could not be read as JSON (${(err as Error).message}).`);
  }
  return { raw: raw as Record<string, unknown>, doc: parseCompositionDocument(raw) };
}

/** Write next to the target, then rename over it: readers see the old or the new document, never half. */
export function writeAtomically(file: string, data: unknown): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  writeFileSync(temp, `${JSON.stringify(data, null, 2)}\n`);
  renameSync(temp, file);
}

async function getJson(ctx: ComposeContext, url: string, what: string): Promise<unknown> {
  const res = await fetchManifest(url, ctx.fetch);
  if (res.problem) throw new ComposeError(`${what}: ${res.problem.replace(/^its manifest/, 'it')}`);
  return res.json;
}

/** What the environment's shell is: the versions it provides and the screens it mounts. */
export interface ShellBuild {
  /** Its manifest's shared list: package → version. */
  provided: Record<string, string>;
  /** Per remote, the exposes its route tables mount (`required-exposes.json`, written by its build). */
  requiredExposes: Partial<Record<RemoteName, string[]>>;
}

/**
 * The environment's shell, as deployed: the document's "shell" manifest URL (with the
 * required-exposes.json its build writes beside it), or this checkout's `shell/dist`. Read
 * from the build, not the shell's sources, because that build is what mounts the remote.
 */
async function environmentShell(
  ctx: ComposeContext,
  doc: CompositionDocument,
): Promise<ShellBuild> {
  let manifest: unknown;
  let exposes: unknown;
  if (doc.shell) {
    manifest = await getJson(ctx, doc.shell, `The environment's shell (${doc.shell})`);
    const url = new URL('required-exposes.json', doc.shell).href;
    exposes = await getJson(ctx, url, `The environment's shell's required exposes (${url})`);
  } else {
    const dist = path.join(ROOT, 'shell/dist');
    try {
      manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
      exposes = JSON.parse(readFileSync(path.join(dist, 'required-exposes.json'), 'utf8'));
    } catch {
      throw new ComposeError(
        `The document names no "shell" manifest and ${dist} has no mf-manifest.json and required-exposes.json: build the shell (npm run build -w shell) or add "shell".`,
      );
    }
  }
  const shared = (manifest as { shared?: { name?: string; version?: string }[] }).shared ?? [];
  return {
    provided: Object.fromEntries(
      shared.filter((s) => s.name && s.version).map((s) => [s.name!, s.version!]),
    ),
    requiredExposes: (exposes ?? {}) as ShellBuild['requiredExposes'],
  };
}

async function apiContract(ctx: ComposeContext, doc: CompositionDocument): Promise<string> {
  const openapi = (await getJson(
    ctx,
    `${doc.api}/v1/openapi.json`,
    `The environment's API (${doc.api})`,
  )) as {
    info?: { version?: string };
  };
  const version = openapi.info?.version;
  if (!version)
    throw new ComposeError(`The environment's API (${doc.api}) states no contract version.`);
  return version;
}

export interface GateOutcome {
  report: GateReport;
  integrity?: string;
}

/** The full gate for one candidate, including the remote entry's bytes. */
export async function gateCandidate(
  ctx: ComposeContext,
  doc: CompositionDocument,
  remote: RemoteName,
  entry: Pick<RemoteEntry, 'manifest' | 'version' | 'mount'>,
): Promise<GateOutcome> {
  const fetched = await fetchManifest(entry.manifest, ctx.fetch);
  if (fetched.problem)
    return { report: { ok: false, problems: [fetched.problem], sharedProblems: [] } };
  const [shell, contract] = await Promise.all([environmentShell(ctx, doc), apiContract(ctx, doc)]);
  const report = runGate({
    remote,
    manifest: fetched.json,
    requiredExposes: shell.requiredExposes[remote] ?? [],
    provided: shell.provided,
    apiContractVersion: contract,
    expectedVersion: entry.version,
  });
  // An isolated mount brings its own React, router and shared package: the shell's shared
  // versions are exactly what it escapes (its lifecycles are what the shell mounts instead).
  if (
    !report.ok &&
    entry.mount === 'isolated' &&
    report.manifest?.isolatable &&
    report.problems.length === report.sharedProblems.length
  ) {
    ctx.log(
      `${remote}: mounted isolated, so its own shared copies run: ${report.sharedProblems.join('; ')}`,
    );
    report.ok = true;
    report.problems = [];
  }
  if (!report.ok) return { report };
  const entryUrl = remoteEntryUrl(entry.manifest, fetched.json)!;
  let bytes: Buffer;
  try {
    const res = await ctx.fetch(entryUrl, { cache: 'no-cache' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (err) {
    report.problems.push(
      `its remote entry (${entryUrl}) could not be fetched (${(err as Error).message})`,
    );
    return { report: { ...report, ok: false } };
  }
  const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
  // The deploy step recorded the hash it published; different bytes mean someone changed them since.
  const record = await fetchManifest(new URL('deployment.json', entry.manifest).href, ctx.fetch);
  const recorded = (record.json as { integrity?: string } | undefined)?.integrity;
  if (recorded && recorded !== integrity) {
    report.problems.push(
      `its remote entry does not match what was deployed (deployed ${recorded}, served ${integrity})`,
    );
    return { report: { ...report, ok: false } };
  }
  return { report, integrity };
}

const withoutFallback = ({ fallback: _f, ...entry }: RemoteEntry): Omit<RemoteEntry, 'fallback'> =>
  entry;

function asRemote(name: string): RemoteName {
  const n = name.replace(/-/g, '_') as RemoteName;
  if (!REMOTE_NAMES.includes(n))
    throw new ComposeError(`"${name}" is not a remote; choose one of ${REMOTE_NAMES.join(', ')}.`);
  return n;
}

function apply(
  raw: Record<string, unknown>,
  remote: RemoteName,
  record: HistoryRecord,
): Record<string, unknown> {
  const remotes = { ...(raw.remotes as Record<string, unknown>), [remote]: record.next };
  const history = [...((raw.history as HistoryRecord[] | undefined) ?? []), record];
  return { ...raw, remotes, history };
}

export interface SetOptions {
  manifest?: string;
  mount?: 'federated' | 'isolated';
}

export async function setRemote(
  file: string,
  remoteName: string,
  version: string,
  opts: SetOptions = {},
  ctx: ComposeContext = defaultContext,
): Promise<RemoteEntry> {
  const remote = asRemote(remoteName);
  const { raw, doc } = readDocument(file);
  const manifest =
    opts.manifest ??
    (doc.store ? `${doc.store}/${REMOTE_DIRS[remote]}/${version}/mf-manifest.json` : undefined);
  if (!manifest)
    throw new ComposeError(
      'The document names no "store": pass --manifest <url> for this version.',
    );
  const previous = doc.remotes[remote];
  const mount = opts.mount ?? previous.mount;
  const { report, integrity } = await gateCandidate(ctx, doc, remote, { manifest, version, mount });
  if (!report.ok) throw new ComposeError(formatGateReport(remote, report));
  const next: RemoteEntry = {
    manifest,
    version,
    ...(mount === 'isolated' ? { mount: 'isolated' } : {}),
    ...(integrity ? { integrity } : {}),
    // What ran before is the known-good version the shell falls back to.
    ...(previous.manifest !== manifest
      ? { fallback: withoutFallback(previous) }
      : previous.fallback
        ? { fallback: previous.fallback }
        : {}),
  };
  writeAtomically(
    file,
    apply(raw, remote, { at: ctx.now().toISOString(), remote, action: 'set', previous, next }),
  );
  ctx.log(formatGateReport(remote, report));
  ctx.log(`${doc.environment}: ${remote} is now ${version} (${manifest}).`);
  return next;
}

/** Restore what the last `set` of this remote replaced (gated again: the world may have moved on). */
export async function rollbackRemote(
  file: string,
  remoteName: string,
  ctx: ComposeContext = defaultContext,
): Promise<RemoteEntry> {
  const remote = asRemote(remoteName);
  const { raw, doc } = readDocument(file);
  const current = doc.remotes[remote];
  const target = rollbackTarget(doc.history ?? [], remote, current);
  if (!target)
    throw new ComposeError(
      `${doc.environment} has no earlier version of ${remote} to roll back to.`,
    );
  const { report, integrity } = await gateCandidate(ctx, doc, remote, target);
  if (!report.ok) throw new ComposeError(formatGateReport(remote, report));
  const next = rolledBackEntry(target, integrity);
  writeAtomically(
    file,
    apply(raw, remote, {
      at: ctx.now().toISOString(),
      remote,
      action: 'rollback',
      previous: current,
      next,
    }),
  );
  ctx.log(`${doc.environment}: ${remote} rolled back to ${next.version} (${next.manifest}).`);
  return next;
}

/**
 * The gate alone, as a pipeline runs it before anyone composes: the candidate (by default what
 * the document names now) against the document's shell and API. Writes nothing; throws the
 * report on refusal.
 */
export async function checkRemote(
  file: string,
  remoteName: string,
  opts: { manifest?: string; version?: string; mount?: 'federated' | 'isolated' } = {},
  ctx: ComposeContext = defaultContext,
): Promise<GateReport> {
  const remote = asRemote(remoteName);
  const { doc } = readDocument(file);
  const current = doc.remotes[remote];
  const { report } = await gateCandidate(ctx, doc, remote, {
    manifest: opts.manifest ?? current.manifest,
    version: opts.version ?? current.version,
    mount: opts.mount ?? current.mount,
  });
  if (!report.ok) throw new ComposeError(formatGateReport(remote, report));
  ctx.log(formatGateReport(remote, report));
  return report;
}

export function show(file: string): string {
  const { doc } = readDocument(file);
  const lines = [
    `environment ${doc.environment} · API ${doc.api}${doc.store ? ` · store ${doc.store}` : ''}`,
  ];
  for (const name of REMOTE_NAMES) {
    const e = doc.remotes[name];
    lines.push(
      `${name.padEnd(12)} ${e.version.padEnd(14)} ${(e.mount ?? 'federated').padEnd(9)} ${e.integrity ? 'sri ' : '    '}${e.manifest}${e.fallback ? `  (fallback ${e.fallback.version})` : ''}`,
    );
  }
  const recent = (doc.history ?? []).slice(-5);
  if (recent.length) {
    lines.push('recent changes:');
    for (const h of recent)
      lines.push(`  ${h.at} ${h.action} ${h.remote} ${h.previous.version} → ${h.next.version}`);
  }
  return lines.join('\n');
}

async function main(argv: string[]) {
  const fileIdx = argv.indexOf('--file');
  const file = fileIdx >= 0 ? argv[fileIdx + 1] : undefined;
  const args = argv.filter((_, i) => (i !== fileIdx && i !== fileIdx + 1) || fileIdx < 0);
  const [environment, command, remote, version] = args.filter((a) => !a.startsWith('--'));
  const flag = (n: string) => {
    const i = args.indexOf(n);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const usage = () => {
    console.error(
      'usage: npm run compose -- <environment> show | set <remote> <version> [--manifest <url>] [--isolated|--federated] | check <remote> [<version>] [--manifest <url>] | rollback <remote>  [--file <document>]',
    );
    process.exit(2);
  };
  if (!environment || !command) return usage();
  const doc = documentPath(environment, file);
  if (command === 'show') console.log(show(doc));
  else if (command === 'set' && remote && version) {
    const manifest = flag('--manifest');
    await setRemote(doc, remote, version, {
      manifest,
      mount: args.includes('--isolated')
        ? 'isolated'
        : args.includes('--federated')
          ? 'federated'
          : undefined,
    });
  } else if (command === 'check' && remote)
    await checkRemote(doc, remote, { manifest: flag('--manifest'), version });
  else if (command === 'rollback' && remote) await rollbackRemote(doc, remote);
  else usage();
}

if (require.main === module)
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error && err.name !== 'Error' ? err.message : err);
    process.exit(1);
  });
