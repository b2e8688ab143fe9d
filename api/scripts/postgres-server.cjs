/**
 * A throwaway PostgreSQL server for tests, the bench and `npm run start:pg`: initdb into a temporary
 * folder, start it on a free loopback port, and remove everything on stop.
 *
 * The PostgreSQL binaries are Debian's (`apt-get install postgresql`), found under
 * /usr/lib/postgresql/<version>/bin or on PATH. initdb refuses to run as root, so when this process is
 * root the server runs as the `postgres` user (created by the Debian package) via runuser.
 * CommonJS so jest's globalSetup, the tests, tsx scripts and node all load it as it is.
 */
const { execFile, execFileSync } = require('node:child_process');
const {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
} = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const path = require('node:path');

const INSTALL_HINT =
  'Install it with `apt-get install postgresql` (Debian/Ubuntu), or point STREAMFLIX_TEST_DATABASE_URL ' +
  'at a server where this user may CREATE DATABASE.';

function findPostgresBin() {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv && existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const dir = path.join(root, v, 'bin');
      if (existsSync(path.join(dir, 'initdb'))) return dir;
    }
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')))
      return dir;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server and resolves to { url, port, dataDir, stop(), halt(mode), resume() }. `url` is the maintenance
 * database (postgres) as the superuser `postgres`, trust-authenticated on 127.0.0.1 only.
 * Rejects with a message that says how to fix the machine when PostgreSQL is missing or won't start.
 */
async function startPostgres(options = {}) {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error(`PostgreSQL server binaries (initdb, pg_ctl) were not found. ${INSTALL_HINT}`);
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // persistentDir keeps the cluster between runs (npm run start:pg); otherwise it is thrown away on stop.
  const persistent = Boolean(options.persistentDir);
  const dataDir = persistent
    ? options.persistentDir
    : mkdtempSync(path.join(options.parentDir ?? tmpdir(), 'streamflix-pg-'));
  mkdirSync(dataDir, { recursive: true });
  const remove = () => {
    if (!persistent) rmSync(dataDir, { recursive: true, force: true });
  };
  const port = options.port ?? (await freePort());
  if (asRoot) {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dataDir, uid, gid);
      chmodSync(dataDir, 0o700);
    } catch (err) {
      remove();
      throw new Error(
        `Running as root, but there is no 'postgres' user to run the server as. ${INSTALL_HINT}`,
        {
          cause: err,
        },
      );
    }
  }
  const run = (cmd, args) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
    return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  };
  const pgdata = path.join(dataDir, 'data');
  if (!existsSync(path.join(pgdata, 'PG_VERSION')))
    try {
      run('initdb', [
        '-D',
        pgdata,
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
        '--no-sync',
      ]);
    } catch (err) {
      remove();
      throw new Error(`initdb failed: ${err.stderr?.toString() || err.message}`, { cause: err });
    }
  // Durability is pointless for a throwaway server and costs most of the time of CREATE DATABASE and
  // of each commit; a persistent one keeps it. Every other setting is the default a deployment starts from.
  const serverOptions = [
    `-p ${port}`,
    `-k ${pgdata}`,
    '-c listen_addresses=127.0.0.1',
    // `durable` keeps synchronous_commit on (fsync stays off: the machine itself does not crash in a
    // test), so a commit the server acknowledged survives an immediate stop of the server.
    ...(persistent
      ? []
      : options.durable
        ? ['-c fsync=off', '-c full_page_writes=off']
        : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    `-c max_connections=${options.maxConnections ?? 300}`,
    ...(options.extraOptions ?? []),
  ].join(' ');
  const log = path.join(dataDir, 'server.log');
  try {
    run('pg_ctl', ['-D', pgdata, '-o', serverOptions, '-l', log, '-w', '-t', '60', 'start']);
  } catch (err) {
    const detail = existsSync(log) ? execFileSync('tail', ['-n', '20', log]).toString() : '';
    remove();
    throw new Error(
      `PostgreSQL did not start on port ${port}: ${err.stderr?.toString() || err.message}\n${detail}`,
      {
        cause: err,
      },
    );
  }
  const runAsync = (cmd, args) =>
    new Promise((resolve, reject) => {
      const [file, argv] = asRoot
        ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]]
        : [path.join(bin, cmd), args];
      execFile(file, argv, (err, stdout, stderr) =>
        err ? reject(new Error(`${cmd} failed: ${stderr || err.message}`)) : resolve(stdout),
      );
    });
  /**
   * Stops the server and keeps its cluster, as an operator's restart or a crash would: 'fast'
   * disconnects every session and checkpoints, 'immediate' kills the server (crash recovery on start).
   */
  const halt = (mode = 'immediate') => runAsync('pg_ctl', ['-D', pgdata, '-m', mode, '-w', 'stop']);
  /** Starts the same cluster again, on the same port, after `halt`. */
  const resume = () =>
    runAsync('pg_ctl', ['-D', pgdata, '-o', serverOptions, '-l', log, '-w', '-t', '60', 'start']);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', pgdata, '-m', persistent ? 'fast' : 'immediate', '-w', 'stop']);
    } catch {
      // Already gone; the folder still has to go.
    }
    remove();
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    bin,
    stop,
    halt,
    resume,
  };
}

/** Runs the server in the foreground until SIGINT/SIGTERM (`node scripts/postgres-server.mjs`). */
async function main() {
  const server = await startPostgres({
    port: process.env.PG_PORT ? Number(process.env.PG_PORT) : undefined,
  });
  console.log(`PostgreSQL ready: ${server.url}`);
  const stop = () => {
    server.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}

module.exports = { findPostgresBin, freePort, startPostgres };

if (require.main === module) {
  main().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
