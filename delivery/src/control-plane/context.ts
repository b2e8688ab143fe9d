import type { ControlPlaneDatabase } from './database';
import type { EnvironmentStore } from './environments';
import type { RemoteRegistry } from './registry';
import type { TokenStore } from './tokens';

/** What every route reaches through `app.controlPlane`. */
export interface ControlPlaneContext {
  registry: RemoteRegistry;
  tokens: TokenStore;
  environments: EnvironmentStore;
  database: ControlPlaneDatabase;
}

declare module 'fastify' {
  interface FastifyInstance {
    controlPlane: ControlPlaneContext;
  }
}
