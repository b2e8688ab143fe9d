import path from 'node:path';
import type { RemoteInfo } from '@streamflix/composition';
import { portsAfter } from '@streamflix/tools/remotes';

/** A remote's key in `E2E.ports`: its folder without `mf-` (`catalog` for the catalogue). */
type Short<Dir> = Dir extends `mf-${infer Key}` ? Key : never;
export type RemoteKey = Short<RemoteInfo['dir']>;

// E2E_PORT_OFFSET shifts every port, so two runs (two people or two worktrees) can share a machine.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
/** The shell on 3100, every remote of remotes.json on the ports after it, in registry order. */
const spare = portsAfter(3100 + offset);
const ports = {
  shell: 3100 + offset,
  ...(Object.fromEntries(spare.remotes.map((r) => [r.dir.replace(/^mf-/, ''), r.port])) as Record<
    RemoteKey,
    number
  >),
  api: 4100 + offset,
};

export const E2E = {
  ports,
  /** Every remote (name, folder, team, label) with its port in this run. */
  remotes: spare.remotes,
  /** The start script's port variables for this run (SHELL_PORT and each remote's `portEnv`). */
  portEnv: spare.env,
  controlPort: 3199 + offset,
  /** The delivery tests' second shell (its own composition document) and deployment store. */
  stagingShellPort: 3196 + offset,
  storePort: 3197 + offset,
  /** The release-compatibility tests: their store, the previous shell release, the current shell. */
  releaseStorePort: 3193 + offset,
  previousShellPort: 3194 + offset,
  currentShellPort: 3195 + offset,
  breakingShellPort: 3192 + offset,
  /** The instance-failure test's shell, whose API is two instances behind a proxy. */
  failoverShellPort: 3191 + offset,
  /** The console test's own control plane (a throwaway SQLite folder). */
  consoleControlPlanePort: 3187 + offset,
  /** The web server's delivery control plane (the shell reads its `local` environment from it). */
  controlPlanePort: 3190 + offset,
  /** The live-environment test's own control plane and the shell host reading from it. */
  liveControlPlanePort: 3189 + offset,
  liveShellPort: 3188 + offset,
  /** The team-pipeline test's own control plane (SQLite, folder build store) and its staging shell. */
  teamControlPlanePort: 3185 + offset,
  teamShellPort: 3186 + offset,
  /** The preview-and-open-tabs test's own control plane and its staging shell host. */
  previewControlPlanePort: 3183 + offset,
  previewShellPort: 3184 + offset,
  /** The progressive-delivery test's own control plane (fast analysis) and the shell host reading it. */
  progressiveControlPlanePort: 3180 + offset,
  progressiveShellPort: 3181 + offset,
  /** Its webhook receiver (the analysis announces an automatic abort there). */
  progressiveWebhookPort: 3179 + offset,
  shellUrl: `http://localhost:${ports.shell}`,
  apiUrl: `http://localhost:${ports.api}`,
  // One run's database (and the signed-in viewer below) per shell port: two runs of one checkout
  // (the shards of `npm run test:shards`) never share them.
  dataDir:
    process.env.E2E_DATA_DIR ??
    path.join(__dirname, '../../.data', offset ? `run-${ports.shell}` : ''),
  /** Generated HLS media is shared with `npm start` (generating it costs minutes of CPU). */
  mediaDir: process.env.E2E_MEDIA_DIR ?? path.join(__dirname, '../../../api/data/media'),
  authFile: path.join(__dirname, '../../.auth', offset ? `run-${ports.shell}` : '', 'viewer.json'),
};
