import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseOptions } from './database';
import type { CompositionDocument } from './schemas';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
/** The embedded database's folder unless CONTROL_PLANE_DATA_DIR says otherwise (git-ignored). */
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, 'delivery', 'data', 'control-plane');
/** The example documents a fresh control plane starts its environments from. */
export const DEFAULT_SEED_DIR = path.join(REPO_ROOT, 'shell', 'composition');
export const DEFAULT_PORT = 4500;
/** The console's built files (`npm run build -w @streamflix/delivery`; the server builds them when missing). */
export const DEFAULT_CONSOLE_DIR = path.join(REPO_ROOT, 'delivery', 'dist', 'console');

/**
 * Where the control plane keeps its data, for the server and the CLI alike: PostgreSQL when
 * CONTROL_PLANE_DATABASE_URL (or --database-url) is set, else SQLite in CONTROL_PLANE_DATA_DIR.
 */
export function databaseOptions(
  env: NodeJS.ProcessEnv = process.env,
  flags: { databaseUrl?: string; dataDir?: string } = {},
): DatabaseOptions {
  const databaseUrl = flags.databaseUrl ?? env.CONTROL_PLANE_DATABASE_URL;
  if (databaseUrl) return { databaseUrl, poolSize: Number(env.CONTROL_PLANE_POOL_SIZE) || 10 };
  return { dataDir: flags.dataDir ?? env.CONTROL_PLANE_DATA_DIR ?? DEFAULT_DATA_DIR };
}

export class SeedError extends Error {
  override name = 'SeedError';
}

/** The seed documents of a folder (`<env>.json`), each checked enough to be an environment. */
export function readSeeds(dir: string): CompositionDocument[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch (err) {
    throw new SeedError(`The seed folder ${dir} could not be read: ${String(err)}`);
  }
  return files.sort().map((file) => readSeedFile(path.join(dir, file)));
}

/** One seed document (`<env>.json`), checked enough to be an environment. */
export function readSeedFile(full: string): CompositionDocument {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(full, 'utf8'));
  } catch (err) {
    throw new SeedError(`${full} is not valid JSON: ${String(err)}`);
  }
  const d = doc as Partial<CompositionDocument>;
  if (
    typeof d?.environment !== 'string' ||
    !/^[a-z][a-z0-9-]{0,62}$/.test(d.environment) ||
    typeof d.remotes !== 'object' ||
    d.remotes === null
  )
    throw new SeedError(
      `${full} is not a composition document (it needs "environment" and "remotes").`,
    );
  return { ...d, services: d.services ?? {} } as CompositionDocument;
}
