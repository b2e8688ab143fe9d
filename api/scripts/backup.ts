/**
 * npm run backup -w api [-- --out DIR --keep N]: one backup of the API's data (api/README.md → Backups).
 * SQLite: an online copy of DATA_DIR/streamflix.sqlite (VACUUM INTO) checked with integrity_check;
 * PostgreSQL (DATABASE_URL): pg_dump -Fc of one snapshot. Plus uploads, generated secrets and a manifest.
 */
import path from 'node:path';
import { takeBackup } from '../src/domains/operations/backup/backup';
import { dataTarget, parseCli, positiveWhole, runCli, UsageError } from './backup-cli';

const USAGE = `Usage: npm run backup -w api -- [options]

  --out DIR            folder that collects backups (BACKUP_DIR; default DATA_DIR/backups)
  --keep N             keep the newest N backups there, removing older ones (BACKUP_KEEP)
  --data-dir DIR       the API's data folder (DATA_DIR; default api/data)
  --database-url URL   back up this PostgreSQL database (DATABASE_URL) instead of the SQLite file
  --help               this text`;

runCli('backup', USAGE, async () => {
  const { values, positionals } = parseCli(
    process.argv.slice(2),
    {
      out: { type: 'string' },
      keep: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      help: { type: 'boolean' },
    },
    true,
  );
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
  const env = process.env;
  const { dataDir, databaseUrl } = dataTarget(values);
  const outDir = path.resolve(
    (values.out as string | undefined) || env.BACKUP_DIR || path.join(dataDir, 'backups'),
  );
  const keep = positiveWhole('--keep', (values.keep as string | undefined) ?? env.BACKUP_KEEP);
  const { dir, manifest, removed } = await takeBackup({ dataDir, databaseUrl, outDir, keep });
  const rows = Object.values(manifest.database.rowCounts).reduce((a, b) => a + b, 0);
  console.log(
    `Backup written to ${dir}\n` +
      `  ${manifest.database.kind}${manifest.database.serverVersion ? ` ${manifest.database.serverVersion}` : ''}, ` +
      `schema at ${manifest.database.migrations.at(-1)}, ${rows} rows in ${Object.keys(manifest.database.rowCounts).length} tables, ` +
      `${manifest.files.length} files, ${(manifest.totalBytes / 1024 / 1024).toFixed(1)} MiB, ${manifest.durationMs} ms` +
      (removed.length > 0
        ? `\n  removed ${removed.length} older backup(s): ${removed.join(', ')}`
        : ''),
  );
});
