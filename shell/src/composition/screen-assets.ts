import { getInstance } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, remoteEntryUrl, type RemoteName } from '@streamflix/composition';
import { federatedManifest } from './remote-registry';

export interface ScreenFile {
  url: string;
  as: 'script' | 'style';
  /** Fetched in CORS mode (an integrity-pinned entry), so a prefetch must match. */
  cors: boolean;
}

interface ManifestFiles {
  js?: { sync?: string[] };
  css?: { sync?: string[] };
}

interface Manifest {
  metaData?: { publicPath?: string };
  exposes?: Array<{ name?: string; assets?: ManifestFiles }>;
  shared?: Array<{ name?: string; assets?: ManifestFiles }>;
}

function filesOf(manifestUrl: string, manifest: Manifest, assets?: ManifestFiles): ScreenFile[] {
  const publicPath = manifest.metaData?.publicPath;
  const base = publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl) : manifestUrl;
  const files = (list: string[] | undefined, as: 'script' | 'style') =>
    (list ?? []).map((f) => ({ url: new URL(f, base).href, as, cors: false }));
  return [...files(assets?.js?.sync, 'script'), ...files(assets?.css?.sync, 'style')];
}

const isRemoteName = (name: unknown): name is RemoteName =>
  (REMOTE_NAMES as readonly unknown[]).includes(name);

/**
 * A lazily shared library's files (one the shell does not provide, like hls.js) from the remote the
 * share scope will take it from: with 'loaded-first' that is the first remote that registered it on
 * this page (on a title page the catalogue's copy, not the player's), else the screen's own remote.
 * None once it is loaded.
 */
async function libraryFiles(name: string, screenRemote: RemoteName): Promise<ScreenFile[]> {
  const versions = getInstance()?.shareScopeMap?.default?.[name];
  const registered = versions ? Object.values(versions)[0] : undefined;
  if (registered?.loaded || registered?.lib) return [];
  const from = isRemoteName(registered?.from) ? registered.from : screenRemote;
  const resolved = await federatedManifest(from);
  if (!resolved) return [];
  const manifest = resolved.manifest as Manifest;
  const shared = manifest.shared?.find((s) => s.name === name);
  return filesOf(resolved.manifestUrl, manifest, shared?.assets);
}

/**
 * The files a screen needs before it can run, from the remote's manifest: its entry, the expose's
 * synchronous scripts and stylesheets, and the files of the lazily shared `libraries` it loads on
 * first use. Resolves the remote (its manifest and the gate) but runs none of its code. Empty for
 * an isolated mount.
 */
export async function screenAssets(
  remote: RemoteName,
  expose: string,
  libraries: readonly string[] = [],
): Promise<ScreenFile[]> {
  const resolved = await federatedManifest(remote);
  if (!resolved) return [];
  const manifest = resolved.manifest as Manifest;
  const entryUrl = remoteEntryUrl(resolved.manifestUrl, resolved.manifest);
  const exposed = manifest.exposes?.find((e) => e.name === expose || e.name === `./${expose}`);
  const shared = await Promise.all(libraries.map((name) => libraryFiles(name, remote)));
  return [
    ...(entryUrl ? [{ url: entryUrl, as: 'script' as const, cors: resolved.entryCors }] : []),
    ...filesOf(resolved.manifestUrl, manifest, exposed?.assets),
    ...shared.flat(),
  ];
}
