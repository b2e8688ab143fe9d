/**
 * The compose step's gate and the entry it writes, shared by the file-based compose (compose.ts) and
 * the one through the control plane (compose-control-plane.ts): the candidate's manifest and remote
 * entry, the environment's shell and API, the SHA-384 recorded, the previous entry kept as fallback.
 */
import type { AnalysisSpec } from './control-plane/signals/analysis-spec';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  REMOTE_NAMES,
  fetchManifest,
  formatGateReport,
  remoteEntryUrl,
  runGate,
  type CompositionDocument,
  type GateReport,
  type RemoteEntry,
  type RemoteName,
  REMOTES,
} from '@streamflix/composition';

const ROOT = path.resolve(__dirname, '../..');
/** Each remote's folder, which names it in the deployment store (from remotes.json). */
const REMOTE_DIRS = Object.fromEntries(REMOTES.map((r) => [r.name, r.dir])) as Record<
  RemoteName,
  string
>;

import { rolledBackEntry } from './rollback-target';

export class ComposeError extends Error {
  override name = 'ComposeError';
}

export interface ComposeContext {
  fetch: typeof fetch;
  now: () => Date;
  log: (line: string) => void;
}

export const defaultContext: ComposeContext = {
  fetch: (...args) => fetch(...args),
  now: () => new Date(),
  log: (line) => console.log(line),
};

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

export const withoutFallback = ({
  fallback: _f,
  ...entry
}: RemoteEntry): Omit<RemoteEntry, 'fallback'> => entry;

export function asRemote(name: string): RemoteName {
  const n = name.replace(/-/g, '_') as RemoteName;
  if (!REMOTE_NAMES.includes(n))
    throw new ComposeError(`"${name}" is not a remote; choose one of ${REMOTE_NAMES.join(', ')}.`);
  return n;
}

/** What one command line asks for, whichever way it is carried out. */
export interface ComposeCommand {
  environment: string;
  command: 'show' | 'set' | 'check' | 'rollback' | 'promote' | 'abort' | 'preview';
  remote?: string;
  /** `preview --ttl`: how long the link works, in seconds. */
  ttlSeconds?: number;
  /** `set --canary <percent>`: the new share; `promote <remote> <percent>`: the raised one. */
  canary?: number;
  version?: string;
  manifest?: string;
  mount?: 'federated' | 'isolated';
  /** `set --canary`: how the control plane's analysis judges it (--steps, --auto, --min-sessions…). */
  analysis?: AnalysisSpec;
}

export interface SetOptions {
  manifest?: string;
  mount?: 'federated' | 'isolated';
}

/**
 * `set`: the candidate's manifest (from the document's store unless given), gated against the
 * document as it is now, and the entry to write. Throws the gate's report on refusal.
 */
export async function gatedSet(
  ctx: ComposeContext,
  doc: CompositionDocument,
  remote: RemoteName,
  version: string,
  opts: SetOptions,
): Promise<{ next: RemoteEntry; report: GateReport; manifest: string }> {
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
  return { next, report, manifest };
}

/** `rollback` to `previous` (what the last `set` replaced), gated again: the world may have moved on. */
export async function gatedRollback(
  ctx: ComposeContext,
  doc: CompositionDocument,
  remote: RemoteName,
  previous: RemoteEntry,
): Promise<{ next: RemoteEntry; report: GateReport }> {
  const { report, integrity } = await gateCandidate(ctx, doc, remote, previous);
  if (!report.ok) throw new ComposeError(formatGateReport(remote, report));
  return { next: rolledBackEntry(previous, integrity), report };
}

/** The gate alone for `check`: the candidate, by default what the document names now. */
export async function gatedCheck(
  ctx: ComposeContext,
  doc: CompositionDocument,
  remote: RemoteName,
  opts: { manifest?: string; version?: string; mount?: 'federated' | 'isolated' },
): Promise<GateReport> {
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

/** `show`'s table of the document's remotes. */
export function describeDocument(doc: CompositionDocument): string[] {
  const lines = [
    `environment ${doc.environment} · API ${doc.api}${doc.store ? ` · store ${doc.store}` : ''}`,
  ];
  for (const name of REMOTE_NAMES) {
    const e = doc.remotes[name];
    lines.push(
      `${name.padEnd(12)} ${e.version.padEnd(14)} ${(e.mount ?? 'federated').padEnd(9)} ${e.integrity ? 'sri ' : '    '}${e.manifest}${e.fallback ? `  (fallback ${e.fallback.version})` : ''}`,
    );
  }
  return lines;
}
