#!/usr/bin/env node
/**
 * npm run start:pg: the whole product (shell/scripts/start.mjs) with the API on PostgreSQL instead of
 * SQLite. Uses DATABASE_URL when set; otherwise runs a local PostgreSQL whose cluster is kept in
 * api/data/postgres (like the SQLite file, it survives restarts), on PG_PORT (default 6432).
 * Arguments are passed on to start.mjs (e.g. --dev, --no-build).
 */
const { spawn } = require('node:child_process');
const path = require('node:path');
const { startPostgres } = require('./postgres-server.cjs');

const root = path.resolve(__dirname, '..', '..');

async function main() {
  let server = null;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const dataDir = process.env.DATA_DIR
      ? path.resolve(process.env.DATA_DIR)
      : path.join(root, 'api', 'data');
    server = await startPostgres({
      persistentDir: path.join(dataDir, 'postgres'),
      port: Number(process.env.PG_PORT ?? 6432),
    });
    databaseUrl = server.url;
    console.log(`[start:pg] PostgreSQL on ${databaseUrl} (cluster in ${server.dataDir})`);
  }
  const child = spawn(
    process.execPath,
    [path.join(root, 'shell/scripts/start.mjs'), ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl } },
  );
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code) => {
    server?.stop();
    process.exit(code ?? 0);
  });
}

main().catch((err) => {
  console.error(`[start:pg] ${err.message}`);
  process.exit(1);
});
