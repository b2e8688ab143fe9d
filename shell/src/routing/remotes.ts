import { REMOTE_LABELS, type RemoteName } from '@streamflix/composition';

export { REMOTES, type RemoteInfo as RegisteredRemote } from '@streamflix/composition';

/** How the product names a remote to a viewer ("The player could not be loaded"), from remotes.json. */
export const remoteLabel = (remote: RemoteName): string => REMOTE_LABELS[remote] ?? remote;
