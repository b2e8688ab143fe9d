/**
 * `npm run deploy -- <remote>` in a team's pipeline (DELIVERY_URL and DELIVERY_TOKEN set): the same
 * release checks and build as a folder deploy, then the stamped build is uploaded to the control plane,
 * which writes it once into its build store (a folder, or S3 behind a CDN) and answers with the manifest
 * URL and the entry's integrity to compose.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readRegistry } from '@streamflix/tools/remotes';
import { ControlPlaneClient, ControlPlaneError } from './control-plane/client';
import { deployRefusal } from './control-plane/tokens';
import { buildStamped, DeployError, releaseToDeploy, type DeployOptions } from './deploy';

/** Every file under a folder, by its forward-slash path inside it. */
export function filesUnder(root: string): Array<{ path: string; bytes: Buffer }> {
  const files: Array<{ path: string; bytes: Buffer }> = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), rel);
      else if (entry.isFile())
        files.push({ path: rel, bytes: readFileSync(path.join(dir, entry.name)) });
    }
  };
  walk(root, '');
  return files;
}

export interface UploadOptions extends Omit<DeployOptions, 'store'> {
  url: string;
  token: string;
  ciRun?: string;
  /** The control plane's client (tests pass one whose fetch reaches a test app). */
  client?: ControlPlaneClient;
  /** Instead of building (tests): a folder holding a stamped build. */
  built?: string;
}

function refused(err: unknown): never {
  if (err instanceof ControlPlaneError)
    throw new DeployError(
      err.status
        ? `the control plane refused the deploy (HTTP ${err.status}): ${err.message}`
        : err.message,
    );
  throw err;
}

export async function deployThroughControlPlane(opts: UploadOptions) {
  const log = opts.log ?? ((l: string) => console.log(l));
  const client =
    opts.client ?? new ControlPlaneClient({ url: opts.url, token: opts.token, ciRun: opts.ciRun });
  const release = releaseToDeploy(opts);
  // Before a build of minutes: a token that may not deploy this remote is refused now, in the same words.
  const owner = readRegistry().find((r) => r.name === release.name)?.team;
  const refusal =
    owner && deployRefusal(await client.session().catch(refused), release.name, owner);
  if (refusal) throw new DeployError(refusal);
  const out = opts.built ?? mkdtempSync(path.join(os.tmpdir(), `sf-deploy-${release.dir}-`));
  try {
    if (!opts.built) buildStamped(release, out, { env: opts.env, log });
    const files = filesUnder(out);
    const bytes = files.reduce((n, f) => n + f.bytes.length, 0);
    log(
      `deploy: uploading ${release.dir} ${release.version} (${files.length} files, ${(bytes / 1048576).toFixed(1)} MB) to ${opts.url}…`,
    );
    const result = await client.deployVersion(release.name, release.version, files);
    log(
      result.created
        ? `deploy: published ${result.manifest}`
        : `deploy: ${release.dir} ${release.version} was already published with these bytes: ${result.manifest}`,
    );
    log(`deploy: remote entry ${result.integrity}`);
    return result;
  } catch (err) {
    if (err instanceof ControlPlaneError)
      throw new DeployError(
        `the control plane refused the deploy (HTTP ${err.status}): ${err.message}`,
      );
    throw err;
  } finally {
    if (!opts.built) rmSync(out, { recursive: true, force: true });
  }
}
