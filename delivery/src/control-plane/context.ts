import type { FastifyBaseLogger } from 'fastify';
import type { ComposeContext } from '../compose-gate';
import type { BuildStore } from '../build-store/build-store';
import type { ControlPlaneDatabase } from './database';
import type { EnvironmentStore } from './environments';
import type { PreviewKeys } from './preview-keys';
import type { RemoteRegistry } from './registry';
import type { TokenStore } from './tokens';

/** What every route reaches through `app.controlPlane`. */
export interface ControlPlaneContext {
  registry: RemoteRegistry;
  tokens: TokenStore;
  environments: EnvironmentStore;
  database: ControlPlaneDatabase;
  /** What the compose gate fetches with and logs to, for a request (a rollback). */
  gate: (log: FastifyBaseLogger) => ComposeContext;
  builds: BuildStore;
  /** The keys preview links are signed with. */
  previewKeys: PreviewKeys;
}

declare module 'fastify' {
  interface FastifyInstance {
    controlPlane: ControlPlaneContext;
  }
}
