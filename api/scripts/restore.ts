/**
 * npm run restore -w api -- BACKUP_FOLDER [--force]: restores one backup into a fresh data folder (and
 * database), after checking every file's checksum; api/README.md → Backups.
 */
import path from 'node:path';
import { restoreBackup } from '../src/domains/operations/backup/restore';
import { dataTarget, parseCli, runCli, UsageError } from './backup-cli';

const USAGE = `Usage: npm run restore -w api -- BACKUP_FOLDER [options]

  BACKUP_FOLDER        one backup (the folder holding manifest.json); or --from BACKUP_FOLDER
  --data-dir DIR       the data folder to restore into (DATA_DIR; default api/data)
  --database-url URL   PostgreSQL backups: the database to restore into (DATABASE_URL); created if missing
  --force              replace what the target holds (stop the API first); without it a non-empty
                       data folder or database is refused
  --help               this text`;

runCli('restore', USAGE, async () => {
  const { values, positionals } = parseCli(
    process.argv.slice(2),
    {
      from: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    true,
  );
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const from = [values.from as string | undefined, ...positionals].filter(Boolean);
  if (from.length === 0) throw new UsageError('Name the backup folder to restore.');
  if (from.length > 1) throw new UsageError(`Name one backup folder, not ${from.length}.`);
  const { dataDir, databaseUrl } = dataTarget(values);
  const result = await restoreBackup({
    backupDir: path.resolve(from[0]!),
    dataDir,
    databaseUrl,
    force: values.force === true,
  });
  const m = result.manifest;
  console.log(
    `Restored the backup of ${m.startedAt} (${m.database.kind}, schema at ${m.database.migrations.at(-1)}) into ` +
      `${m.database.kind === 'postgres' ? `the database and ${dataDir}` : dataDir} in ${result.durationMs} ms; ` +
      'checksums, integrity and row counts checked.' +
      (result.pendingMigrations.length > 0
        ? `\n  The API applies ${result.pendingMigrations.length} newer migration(s) at its next start: ${result.pendingMigrations.join(', ')}`
        : '') +
      `\n  Not in the backup: ${Object.values(m.notIncluded).join(' ')}`,
  );
});
