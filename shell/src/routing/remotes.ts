import type { RemoteName } from '@streamflix/shared/delivery';
import registry from '../../../remotes.json';

/** One entry of the registry of remotes (remotes.json at the repository's root). */
export interface RegisteredRemote {
  name: RemoteName;
  dir: string;
  port: number;
  portEnv: string;
  team: string;
  /** How the product names the remote to a viewer ("The player could not be loaded"). */
  label: string;
}

/** Every remote, read from the registry at build time: the shell never lists them by hand. */
export const REMOTES = registry.remotes as RegisteredRemote[];

const labels = new Map(REMOTES.map((r) => [r.name as string, r.label]));

export const remoteLabel = (remote: RemoteName): string => labels.get(remote) ?? remote;
