/**
 * `npm run compose` through the delivery control plane (DELIVERY_URL, DELIVERY_TOKEN): the same gate
 * as on a file (compose-gate.ts), run on the environment as the control plane holds it, and the write
 * names the revision it was gated on. When a rival edit lands in between (409), the client reads the
 * new revision and this gate runs again on it before the retry (control-plane/client.ts). The
 * history rollback reads is the control plane's audit, not the document's own `history`.
 */
import {
  REMOTES,
  formatGateReport,
  parseCompositionDocument,
  type CompositionDocument,
} from '@streamflix/composition';
import {
  ComposeError,
  asRemote,
  describeDocument,
  gatedCheck,
  gatedRollback,
  gatedSet,
  type ComposeCommand,
  type ComposeContext,
} from './compose-gate';
import { composeCanary, isCanaryCommand } from './compose-canary';
import { composePreview } from './compose-preview';
import { analysisLines } from './compose-analysis';
import { ControlPlaneClient, ControlPlaneError } from './control-plane/client';
import { rollbackTargetOf } from './control-plane/remote-status';
import type { AuditRow, EnvironmentView } from './control-plane/schemas';

/** The pipeline's client when DELIVERY_URL and DELIVERY_TOKEN are both set; null when neither is. */
export function controlPlaneFromEnv(
  env: NodeJS.ProcessEnv,
  ciRun?: string,
): ControlPlaneClient | null {
  const url = env.DELIVERY_URL;
  const token = env.DELIVERY_TOKEN;
  if (!url && !token) return null;
  if (!url || !token)
    throw new ComposeError(
      `${url ? 'DELIVERY_TOKEN' : 'DELIVERY_URL'} is not set: composing through the control plane needs both ` +
        '(unset both to compose on the document file).',
    );
  return new ControlPlaneClient({
    url,
    token,
    ciRun: ciRun ?? env.DELIVERY_CI_RUN,
  });
}

const documentOf = (view: EnvironmentView): CompositionDocument =>
  parseCompositionDocument(view.document);

function auditLine(row: AuditRow): string {
  const who = row.team ? `team ${row.team}` : `${row.environmentOwner} owner`;
  const outcome = row.outcome === 'refused' ? ` REFUSED (${row.message ?? 'out of scope'})` : '';
  return `  ${row.at} r${row.revision} ${row.action} ${row.remote} ${row.fromVersion ?? '—'} → ${row.toVersion ?? '—'} by ${who} (${row.tokenId})${outcome}${row.ciRun ? ` ${row.ciRun}` : ''}`;
}

async function edit(
  client: ControlPlaneClient,
  cmd: ComposeCommand,
  ctx: ComposeContext,
): Promise<void> {
  const remote = asRemote(cmd.remote!);
  let report: Parameters<typeof formatGateReport>[1] | undefined;
  // Whose remote it is comes before any gate: another team's remote is refused by the control plane
  // (403 naming the owner, audited), so the write goes as asked, ungated, and the refusal is the
  // answer (a gate first would fail on a build this team cannot see and hide the real reason).
  const owner = REMOTES.find((r) => r.name === remote)?.team;
  const { team } = await client.session();
  // A version deployed through this control plane is where its store put it; otherwise the
  // document's store (or --manifest) says where it is.
  const manifest =
    cmd.command === 'set' && !cmd.manifest
      ? (await client.versions(remote)).find((v) => v.version === cmd.version)?.manifest
      : cmd.manifest;
  const outOfScope = team !== null && owner !== undefined && team !== owner;
  let endedCanary: string | undefined;
  const result = await client.editRemote(cmd.environment, remote, async (view) => {
    // A set or rollback writes a whole entry: a canary running on the remote ends with it.
    endedCanary = view.document.remotes[remote]?.canary?.entry.version;
    const doc = documentOf(view);
    if (outOfScope) {
      const current = doc.remotes[remote];
      const asked =
        cmd.command === 'set'
          ? {
              manifest:
                manifest ??
                (doc.store
                  ? `${doc.store}/${REMOTES.find((r) => r.name === remote)!.dir}/${cmd.version}/mf-manifest.json`
                  : current.manifest),
              version: cmd.version!,
            }
          : current;
      return { entry: asked, action: cmd.command === 'set' ? 'set' : 'rollback' };
    }
    if (cmd.command === 'set') {
      const gated = await gatedSet(ctx, doc, remote, cmd.version!, {
        manifest,
        mount: cmd.mount,
      });
      report = gated.report;
      return { entry: gated.next, gate: { ...gated.report }, action: 'set' };
    }
    // The audit comes newest first; the rule (shared with the file's history and the console)
    // reads moves oldest first.
    const applied = (await client.audit({ environment: cmd.environment, remote }))
      .filter((row) => row.outcome === 'applied')
      .reverse();
    const previous = rollbackTargetOf(view, applied, remote);
    if (!previous)
      throw new ComposeError(
        `${cmd.environment} has no earlier version of ${remote} to roll back to (the control plane's audit shows no set that put the current one there).`,
      );
    const gated = await gatedRollback(ctx, doc, remote, previous);
    report = gated.report;
    return { entry: gated.next, gate: { ...gated.report }, action: 'rollback' };
  });
  if (report) ctx.log(formatGateReport(remote, report));
  if (result.attempts > 1)
    ctx.log(
      `${cmd.environment} moved while this was gated: re-gated on the new revision ${result.attempts - 1} time(s).`,
    );
  const entry = result.document.remotes[remote]!;
  if (endedCanary)
    ctx.log(
      `${cmd.environment}: the canary of ${remote} ${endedCanary} ended with this ${cmd.command}.`,
    );
  ctx.log(
    `${cmd.environment}: ${remote} ${cmd.command === 'set' ? 'is now' : 'rolled back to'} ${entry.version} (${entry.manifest}) at revision ${result.revision} (audit #${result.auditId}).`,
  );
}

export async function composeThroughControlPlane(
  client: ControlPlaneClient,
  cmd: ComposeCommand,
  ctx: ComposeContext,
): Promise<void> {
  try {
    if (isCanaryCommand(cmd)) return await composeCanary(client, cmd, ctx);
    if (cmd.command === 'preview') return await composePreview(client, cmd, ctx);
    if (cmd.command === 'set' || cmd.command === 'rollback') return await edit(client, cmd, ctx);
    const view = await client.getEnvironment(cmd.environment);
    if (cmd.command === 'check') {
      await gatedCheck(ctx, documentOf(view), asRemote(cmd.remote!), {
        manifest: cmd.manifest,
        version: cmd.version,
      });
      return;
    }
    const lines = describeDocument(documentOf(view));
    lines[0] += ` · revision ${view.revision} (${view.updatedAt})`;
    for (const [name, entry] of Object.entries(view.document.remotes))
      if (entry.canary)
        lines.push(
          `${name.padEnd(12)} canary ${entry.canary.entry.version} at ${entry.canary.percent}% since ${entry.canary.startedAt} (${entry.canary.entry.manifest})`,
        );
    lines.push(...analysisLines(await client.signals(cmd.environment)));
    const audit = await client.audit({ environment: cmd.environment });
    if (audit.length) lines.push('recent changes:', ...audit.slice(0, 5).map(auditLine));
    ctx.log(lines.join('\n'));
  } catch (err) {
    if (err instanceof ControlPlaneError)
      throw new ComposeError(`${cmd.environment}: ${err.message}`);
    throw err;
  }
}
