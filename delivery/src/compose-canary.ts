/**
 * `npm run compose` canary commands, through the control plane (DELIVERY_URL, DELIVERY_TOKEN):
 *
 *   set <remote> <version> --canary <percent>   the version, gated like a set, on trial for a share of
 *                                               viewers (the stable entry stays)
 *   promote <remote> <percent>                  raises the share (never lowers it); 100 makes the
 *                                               canary the stable entry (old stable as fallback)
 *   abort <remote>                              everyone back on the stable entry
 *
 * Each is compare-and-swap on the revision it read (a rival edit makes it read, re-gate and retry) and
 * audited ('canary', 'promote', 'abort'). On a document file they are refused: a canary needs the
 * shell's host to read the environment from the control plane anyway.
 */
import { REMOTES, formatGateReport, parseCompositionDocument } from '@streamflix/composition';
import {
  ComposeError,
  asRemote,
  gatedSet,
  type ComposeCommand,
  type ComposeContext,
} from './compose-gate';
import type { CanaryEdit, ControlPlaneClient } from './control-plane/client';
import type { RemoteEntry } from './control-plane/schemas';

/** A percent from the command line: an integer within [min, max], or a usage error naming it. */
export function parsePercent(text: string | undefined, min: number, max: number, what: string) {
  const value = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || value < min || value > max)
    throw new ComposeError(
      `${what} must be a whole percent from ${min} to ${max} (got "${text ?? ''}").`,
    );
  return value;
}

export const isCanaryCommand = (cmd: ComposeCommand) =>
  cmd.canary !== undefined || cmd.command === 'promote' || cmd.command === 'abort';

const describe = (entry: RemoteEntry) =>
  entry.canary
    ? `${entry.version} stable, ${entry.canary.entry.version} canary at ${entry.canary.percent}%`
    : `${entry.version} for everyone`;

export async function composeCanary(
  client: ControlPlaneClient,
  cmd: ComposeCommand,
  ctx: ComposeContext,
): Promise<void> {
  const remote = asRemote(cmd.remote!);
  const op = cmd.command === 'set' ? 'start' : cmd.command === 'promote' ? 'promote' : 'abort';
  // As for a set: another team's remote goes ungated, for the control plane's audited 403.
  const owner = REMOTES.find((r) => r.name === remote)?.team;
  const { team } = await client.session();
  const outOfScope = team !== null && owner !== undefined && team !== owner;
  let report: Parameters<typeof formatGateReport>[1] | undefined;
  const result = await client.editCanary(
    cmd.environment,
    remote,
    op,
    async (view): Promise<CanaryEdit> => {
      if (op === 'promote') return { percent: cmd.canary! };
      if (op === 'abort') return {};
      const doc = parseCompositionDocument(view.document);
      if (outOfScope) {
        const dir = REMOTES.find((r) => r.name === remote)!.dir;
        const manifest =
          cmd.manifest ??
          (doc.store
            ? `${doc.store}/${dir}/${cmd.version}/mf-manifest.json`
            : doc.remotes[remote].manifest);
        return {
          entry: { manifest, version: cmd.version! },
          percent: cmd.canary!,
          ...(cmd.analysis ? { analysis: cmd.analysis } : {}),
        };
      }
      const gated = await gatedSet(ctx, doc, remote, cmd.version!, {
        manifest: cmd.manifest,
        mount: cmd.mount,
      });
      report = gated.report;
      const { fallback: _fallback, ...entry } = gated.next;
      return {
        entry,
        percent: cmd.canary!,
        gate: { ...gated.report },
        ...(cmd.analysis ? { analysis: cmd.analysis } : {}),
      };
    },
  );
  if (report) ctx.log(formatGateReport(remote, report));
  if (result.attempts > 1)
    ctx.log(
      `${cmd.environment} moved meanwhile: read again ${result.attempts - 1} time(s) before the write landed.`,
    );
  const entry = result.document.remotes[remote]!;
  ctx.log(
    `${cmd.environment}: ${remote} ${describe(entry)} at revision ${result.revision} (audit #${result.auditId}).`,
  );
}
