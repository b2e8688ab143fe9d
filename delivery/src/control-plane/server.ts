/**
 * `npm run control-plane`: the delivery control plane on CONTROL_PLANE_PORT (4500), on SQLite in
 * delivery/data/control-plane unless CONTROL_PLANE_DATABASE_URL names a PostgreSQL (then run as many
 * instances as you like). Environments missing from the database are seeded from shell/composition/
 * (CONTROL_PLANE_SEEDS). CONTROL_PLANE_LOCAL_DOCUMENT (written by `npm start`) is the document of the
 * builds this checkout serves: it seeds its environment and sets back the remotes that drifted from
 * it (local-environment.ts). The canaries' analysis runs every CONTROL_PLANE_ANALYSIS_INTERVAL_MS (30 s;
 * signals/analysis-settings.ts for the rest) and announces an automatic abort to CONTROL_PLANE_WEBHOOK_URL.
 */
import { buildControlPlane } from './app';
import { databaseOptions, DEFAULT_PORT, DEFAULT_SEED_DIR, readSeedFile, readSeeds } from './config';
import { followLocalBuilds } from './local-environment';
import { buildConsole, consoleNeedsBuild } from './console-build';
import { analysisSettingsFromEnv } from './signals/analysis-settings';

/** The console's files, built here when missing or stale; a failed build leaves the API serving. */
async function ensureConsole(): Promise<string | null> {
  if (!consoleNeedsBuild()) return null;
  console.log('Control plane: building the console…');
  try {
    await buildConsole();
    return null;
  } catch (err) {
    return `the console could not be built (${err instanceof Error ? err.message : String(err)}); /console says how to build it`;
  }
}

async function main() {
  const port = process.env.CONTROL_PLANE_PORT
    ? Number(process.env.CONTROL_PLANE_PORT)
    : DEFAULT_PORT;
  const host = process.env.CONTROL_PLANE_HOST ?? '127.0.0.1';
  const options = databaseOptions();
  const consoleProblem = await ensureConsole();
  const localFile = process.env.CONTROL_PLANE_LOCAL_DOCUMENT;
  const local = localFile ? readSeedFile(localFile) : undefined;
  const seeds = readSeeds(process.env.CONTROL_PLANE_SEEDS ?? DEFAULT_SEED_DIR).filter(
    (s) => s.environment !== local?.environment,
  );
  const app = await buildControlPlane({
    ...options,
    seeds: local ? [...seeds, local] : seeds,
    logger: process.env.LOG_LEVEL !== undefined,
    analysis: analysisSettingsFromEnv(),
    signalsPerMinute: Number(process.env.CONTROL_PLANE_SIGNALS_RATE_PER_MINUTE) || undefined,
  });
  // Every instance runs the timer; the database lease lets one of them act per tick.
  app.controlPlane.analysis.start();
  if (local) {
    const { changed, warnings } = await followLocalBuilds(app, local);
    if (changed.length)
      console.log(
        `${local.environment}: set back to this checkout's builds: ${changed.join(', ')}`,
      );
    for (const w of warnings) console.warn(`${local.environment}: ${w}`);
  }
  const address = await app.listen({ port, host });
  const url = address.replace('127.0.0.1', 'localhost');
  console.log(
    `Control plane: ${url}/v1 (${app.controlPlane.database.describe}; OpenAPI at ${url}/v1/openapi.json)`,
  );
  console.log(
    consoleProblem
      ? `Control plane console: ${consoleProblem}.`
      : `Control plane console: ${url}/console (sign in with a token from \`npm run delivery -- token create\`)`,
  );
  console.log(`Builds: ${app.controlPlane.builds.describe}`);
  const stop = () => {
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
