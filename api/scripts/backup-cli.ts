/**
 * What backup.ts and restore.ts share: where the data folder is by default, and how a failure ends the
 * process (a clear message and exit 1; bad arguments print the usage and exit 2).
 */
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { BackupError } from '../src/domains/operations/backup/backup-manifest';

export const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', 'data');

export class UsageError extends Error {}

export function parseCli(
  argv: string[],
  options: NonNullable<ParseArgsConfig['options']>,
  allowPositionals: boolean,
) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** The data folder and database both commands work on: options first, then DATA_DIR / DATABASE_URL. */
export function dataTarget(values: Record<string, unknown>): {
  dataDir: string;
  databaseUrl: string | undefined;
} {
  const env = process.env;
  const dataDir = path.resolve(
    (values['data-dir'] as string | undefined) || env.DATA_DIR || DEFAULT_DATA_DIR,
  );
  const databaseUrl =
    (values['database-url'] as string | undefined) || env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new UsageError('The database URL must start with postgres:// or postgresql://.');
  return { dataDir, databaseUrl };
}

export function positiveWhole(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1)
    throw new UsageError(
      `${name} must be a whole number of at least 1, got ${JSON.stringify(value)}.`,
    );
  return n;
}

export function runCli(name: string, usage: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      if (err instanceof UsageError) {
        console.error(`${name}: ${err.message}\n\n${usage}`);
        process.exit(2);
      }
      console.error(
        `${name} failed: ${err instanceof BackupError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      process.exit(1);
    },
  );
}
