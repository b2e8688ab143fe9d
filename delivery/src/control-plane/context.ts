import type { FastifyBaseLogger } from 'fastify';
import type { ComposeContext } from '../compose-gate';
import type { BuildStore } from '../build-store/build-store';
import type { ControlPlaneDatabase } from './database';
import type { EnvironmentStore } from './environments';
import type { PreviewKeys } from './preview-keys';
import type { RemoteRegistry } from './registry';
import type { TokenStore } from './tokens';
import type { SignalStore } from './signals/signal-store';
import type { CanaryAnalysis } from './signals/canary-analysis';
import type { SignalMetrics } from './signals/signal-metrics';

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
  /** Browser signals per remote version and arm (signals/). */
  signals: SignalStore;
  /** The canaries' automatic analysis; its timer runs in the server (server.ts), tests call tick(). */
  analysis: CanaryAnalysis;
  metrics: SignalMetrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    controlPlane: ControlPlaneContext;
  }
}
