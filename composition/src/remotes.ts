import { REMOTE_REGISTRY } from './remote-registry.generated';

/** One remote of the registry (`remotes.json`), with its literal types. */
export type RemoteInfo = (typeof REMOTE_REGISTRY)[number];
/** A remote's federation name, a JS identifier: `mf_catalog`. */
export type RemoteName = RemoteInfo['name'];
/** A team that owns remotes, named after its journey: `catalog`. */
export type RemoteTeam = RemoteInfo['team'];

/** Every remote, in registry order. */
export const REMOTES: readonly RemoteInfo[] = REMOTE_REGISTRY;

export const REMOTE_NAMES: readonly RemoteName[] = REMOTES.map((r) => r.name);

/** The short name a message gives a remote ("The catalogue could not load"). */
export const REMOTE_LABELS = Object.fromEntries(REMOTES.map((r) => [r.name, r.label])) as Record<
  RemoteName,
  string
>;

export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && (REMOTE_NAMES as readonly string[]).includes(value);
}
