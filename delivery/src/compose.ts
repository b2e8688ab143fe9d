/**
 * Point an environment at remote versions, through the compatibility gate:
 *
 *   npm run compose -- <environment> show
 *   npm run compose -- <environment> set <remote> <version> [--manifest <url>] [--isolated | --federated]
 *   npm run compose -- <environment> check <remote> [<version>] [--manifest <url>]   (writes nothing)
 *   npm run compose -- <environment> rollback <remote>
 *   npm run compose -- <environment> set <remote> <version> --canary <percent>   (control plane only)
 *   npm run compose -- <environment> promote <remote> <percent>                  (control plane only)
 *   npm run compose -- <environment> abort <remote>                              (control plane only)
 *   npm run compose -- <environment> preview <remote> <version|manifest URL> [--ttl 2h]  (control plane only)
 *   options: --file <document> (default shell/composition/<environment>.json)
 *            --ci-run <url> (DELIVERY_CI_RUN): the pipeline run, kept in the control plane's audit
 *
 * With DELIVERY_URL and DELIVERY_TOKEN set (a team's pipeline), it acts on the environment as the
 * control plane holds it (compose-control-plane.ts): the write names the revision it was gated on,
 * and a rival's edit in between makes it re-read, re-gate and retry. Without them (or with --file),
 * on the document file: `set` fetches the candidate's manifest and remote entry, runs the gate
 * against the environment's shell and API, and only then rewrites the document (temp file +
 * rename), recording the entry's SHA-384, keeping the previous entry as the run-time fallback and
 * appending to the history rollback reads.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  formatGateReport,
  parseCompositionDocument,
  type CompositionDocument,
  type GateReport,
  type HistoryRecord,
  type RemoteEntry,
  type RemoteName,
} from '@streamflix/composition';
import { rollbackTarget } from './rollback-target';
import {
  ComposeError,
  asRemote,
  defaultContext,
  describeDocument,
  gatedCheck,
  gatedRollback,
  gatedSet,
  type ComposeCommand,
  type ComposeContext,
  type SetOptions,
} from './compose-gate';
import { controlPlaneFromEnv, composeThroughControlPlane } from './compose-control-plane';
import { isCanaryCommand, parsePercent } from './compose-canary';
import { parseTtl } from './compose-preview';
import { ANALYSIS_FLAGS, parseAnalysisFlags } from './compose-analysis';

export {
  ComposeError,
  type ComposeCommand,
  gateCandidate,
  type ComposeContext,
  type GateOutcome,
  type SetOptions,
  type ShellBuild,
} from './compose-gate';

const ROOT = path.resolve(__dirname, '../..');

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

function apply(
  raw: Record<string, unknown>,
  remote: RemoteName,
  record: HistoryRecord,
): Record<string, unknown> {
  const remotes = { ...(raw.remotes as Record<string, unknown>), [remote]: record.next };
  const history = [...((raw.history as HistoryRecord[] | undefined) ?? []), record];
  return { ...raw, remotes, history };
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
  const previous = doc.remotes[remote];
  const { next, report, manifest } = await gatedSet(ctx, doc, remote, version, opts);
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
  const { next } = await gatedRollback(ctx, doc, remote, target);
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
  const { doc } = readDocument(file);
  return gatedCheck(ctx, doc, asRemote(remoteName), opts);
}

export function show(file: string): string {
  const { doc } = readDocument(file);
  const lines = describeDocument(doc);
  const recent = (doc.history ?? []).slice(-5);
  if (recent.length) {
    lines.push('recent changes:');
    for (const h of recent)
      lines.push(`  ${h.at} ${h.action} ${h.remote} ${h.previous.version} → ${h.next.version}`);
  }
  return lines.join('\n');
}

const USAGE =
  'usage: npm run compose -- <environment> show | set <remote> <version> [--manifest <url>] [--isolated|--federated] | check <remote> [<version>] [--manifest <url>] | rollback <remote> | set <remote> <version> --canary <percent> [--steps 1,5,25,100 [--auto]] [--min-sessions n] [--failure-limit n] [--error-margin n] [--interval s] | promote <remote> <percent> | abort <remote> | preview <remote> <version|manifest URL> [--ttl 2h]  [--file <document>] [--ci-run <url>]\n' +
  'With DELIVERY_URL and DELIVERY_TOKEN set, it acts through the control plane; otherwise on the document file.';

/** Parses the command line; null when it is not a command (the caller prints the usage). */
export function parseComposeArgs(
  argv: string[],
): (ComposeCommand & { file?: string; ciRun?: string }) | null {
  const valued = new Set([
    '--file',
    '--manifest',
    '--ci-run',
    '--canary',
    '--ttl',
    ...ANALYSIS_FLAGS,
  ]);
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (valued.has(a)) flags[a] = argv[++i] ?? '';
    else if (a.startsWith('--')) flags[a] = true;
    else positional.push(a);
  }
  const [environment, command, remote, version] = positional;
  const str = (k: string) => (typeof flags[k] === 'string' ? (flags[k] as string) : undefined);
  if (!environment || !command) return null;
  const needsRemote = command !== 'show';
  if (
    !['show', 'set', 'check', 'rollback', 'promote', 'abort', 'preview'].includes(command) ||
    (needsRemote && !remote)
  )
    return null;
  if ((command === 'set' || command === 'promote' || command === 'preview') && !version)
    return null;
  const analysis = parseAnalysisFlags(flags);
  if ((flags['--canary'] !== undefined || analysis) && command !== 'set') return null;
  if (flags['--ttl'] !== undefined && command !== 'preview') return null;
  const canary =
    command === 'promote'
      ? parsePercent(version, 2, 100, 'promote’s percent')
      : flags['--canary'] !== undefined
        ? parsePercent(str('--canary'), 1, 99, '--canary')
        : // --steps alone starts the canary at its first step.
          analysis?.steps?.[0];
  return {
    environment,
    command: command as ComposeCommand['command'],
    remote,
    version: command === 'promote' ? undefined : version,
    ...(canary !== undefined ? { canary } : {}),
    ...(command === 'preview' ? { ttlSeconds: parseTtl(str('--ttl')) } : {}),
    ...(analysis ? { analysis } : {}),
    manifest: str('--manifest'),
    mount: flags['--isolated'] ? 'isolated' : flags['--federated'] ? 'federated' : undefined,
    file: str('--file'),
    ciRun: str('--ci-run'),
  };
}

/** Runs one command on the document file. */
async function composeOnFile(cmd: ComposeCommand, file: string, ctx: ComposeContext) {
  if (cmd.command === 'show') ctx.log(show(file));
  else if (cmd.command === 'set')
    await setRemote(
      file,
      cmd.remote!,
      cmd.version!,
      { manifest: cmd.manifest, mount: cmd.mount },
      ctx,
    );
  else if (cmd.command === 'check')
    await checkRemote(file, cmd.remote!, { manifest: cmd.manifest, version: cmd.version }, ctx);
  else await rollbackRemote(file, cmd.remote!, ctx);
}

export async function runCompose(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  ctx: ComposeContext = defaultContext,
): Promise<void> {
  const cmd = parseComposeArgs(argv);
  if (!cmd) throw new ComposeError(USAGE);
  // --file names a document: the control plane is not asked.
  const client = cmd.file ? null : controlPlaneFromEnv(env, cmd.ciRun);
  if (!client && isCanaryCommand(cmd))
    throw new ComposeError(
      'A canary (set --canary, promote, abort) is kept by the control plane: set DELIVERY_URL and ' +
        'DELIVERY_TOKEN (the shell host resolves it per viewer from there; a document file has no canary).',
    );
  if (!client && cmd.command === 'preview')
    throw new ComposeError(
      'A preview link is signed by the control plane: set DELIVERY_URL and DELIVERY_TOKEN (the ' +
        "environment's shell host verifies the link with the control plane's public keys).",
    );
  if (client) await composeThroughControlPlane(client, cmd, ctx);
  else await composeOnFile(cmd, documentPath(cmd.environment, cmd.file), ctx);
}

if (require.main === module)
  runCompose(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error && err.name !== 'Error' ? err.message : err);
    process.exit(err instanceof ComposeError && err.message.startsWith('usage:') ? 2 : 1);
  });
