/**
 * `npm run compose -- <environment> preview <remote> <version|manifest URL> [--ttl 2h]`, through the
 * control plane (DELIVERY_URL, DELIVERY_TOKEN): asks it to sign a link on the environment's shell that
 * composes that build for whoever opens it, until the link expires (2 h unless told, 24 h at most).
 * Nothing in the environment changes. A version is found where the control plane deployed it (or in
 * the document's store); a manifest URL (a pull request's build) is taken as it is, and the shell's
 * gate judges it when the link is opened, as it judges a manual override.
 */
import { REMOTES } from '@streamflix/composition';
import { ComposeError, asRemote, type ComposeCommand, type ComposeContext } from './compose-gate';
import type { ControlPlaneClient } from './control-plane/client';

const MAX_TTL_SECONDS = 24 * 3600;
const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** `--ttl`: `90m`, `2h`, `1d`, or seconds; 2 h when absent; refused above 24 h or below a minute. */
export function parseTtl(text: string | undefined): number {
  if (text === undefined) return 2 * 3600;
  const match = /^(\d+)([smhd]?)$/.exec(text.trim());
  const seconds = match ? Number(match[1]) * UNITS[match[2] || 's']! : NaN;
  if (!Number.isFinite(seconds) || seconds < 60 || seconds > MAX_TTL_SECONDS)
    throw new ComposeError(
      `--ttl must be from 1m to 24h (a preview link lives a day at most), like 30m, 2h or 1d (got "${text}").`,
    );
  return seconds;
}

const isUrl = (text: string) => /^https?:\/\//i.test(text);

export async function composePreview(
  client: ControlPlaneClient,
  cmd: ComposeCommand,
  ctx: ComposeContext,
): Promise<void> {
  const remote = asRemote(cmd.remote!);
  const target = cmd.version!;
  let manifest = cmd.manifest;
  let version: string | undefined;
  if (isUrl(target)) manifest = target;
  else {
    version = target;
    manifest ??= (await client.versions(remote)).find((v) => v.version === version)?.manifest;
    if (!manifest) {
      const { document } = await client.getEnvironment(cmd.environment);
      const dir = REMOTES.find((r) => r.name === remote)!.dir;
      if (!document.store)
        throw new ComposeError(
          `${remote} ${version} was not deployed through this control plane and ${cmd.environment} names no store: ` +
            'give the manifest URL instead of the version (or --manifest).',
        );
      manifest = `${document.store}/${dir}/${version}/mf-manifest.json`;
    }
  }
  const link = await client.preview(cmd.environment, {
    remote,
    manifest,
    ...(version ? { version } : {}),
    ttlSeconds: cmd.ttlSeconds,
  });
  ctx.log(
    `${cmd.environment}: a preview of ${remote} ${link.version === '*' ? '(any version)' : link.version} from ${link.manifest}, ` +
      `for whoever opens the link until ${link.expiresAt} (audit #${link.auditId}, link ${link.id}):`,
  );
  // Last, on its own line: what a pipeline posts on the pull request.
  ctx.log(link.url);
}
