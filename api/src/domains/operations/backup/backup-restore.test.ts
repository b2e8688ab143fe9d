/**
 * Backups that restore (issue 26 part 3), on SQLite (api project) and PostgreSQL (api-pg project):
 * the real API takes a burst of acknowledged writes while `npm run backup` runs in a process of its own,
 * as it would beside a deployed API; `npm run restore` puts the backup into a fresh data folder or
 * database, and an API started on it serves every write acknowledged before the backup began.
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { Client } from 'pg';
import sharp from 'sharp';
import { bearer, buildTestApp, registerUser, type TestApp } from '../../../test/test-app';
import { onPostgres } from '../../../test/test-database';
import type { BackupManifest } from './backup-manifest';

const scripts = path.resolve(__dirname, '..', '..', '..', '..', 'scripts');
const pg = onPostgres();

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs api/scripts/<name>.ts as `npm run <name> -w api` does (tsx), in its own process. */
function runScript(
  name: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: undefined,
      DATA_DIR: undefined,
    };
    for (const [k, v] of Object.entries(env)) childEnv[k] = v;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(scripts, `${name}.ts`), ...args],
      {
        env: childEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += String(c)));
    child.stderr.on('data', (c: Buffer) => (stderr += String(c)));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

type Ack =
  | { kind: 'user'; at: number; userId: string; email: string; password: string }
  | { kind: 'favourite'; at: number; userId: string; titleId: string };

const boundary = '----streamflix-backup';
const avatarForm = (data: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

/** A database on the test server that does not exist yet: restore creates it. */
function freshDatabaseUrl(): string {
  const url = new URL(process.env.STREAMFLIX_PG_ADMIN_URL!);
  url.pathname = `/streamflix_restored_${Math.random().toString(16).slice(2, 10)}`;
  return url.toString();
}

async function databaseExists(url: string): Promise<boolean> {
  const admin = new Client({ connectionString: process.env.STREAMFLIX_PG_ADMIN_URL });
  await admin.connect();
  try {
    const name = new URL(url).pathname.slice(1);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    return rowCount === 1;
  } finally {
    await admin.end();
  }
}

async function dropDatabase(url: string): Promise<void> {
  const admin = new Client({ connectionString: process.env.STREAMFLIX_PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`);
  } finally {
    await admin.end();
  }
}

describe(`backup and restore on ${pg ? 'PostgreSQL' : 'SQLite'}`, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'streamflix-backup-test-'));
  const sourceDir = path.join(work, 'source');
  const backupsDir = path.join(work, 'backups');
  const restoredDir = path.join(work, 'restored');
  const restoredUrl = pg ? freshDatabaseUrl() : undefined;
  const extraDatabases: string[] = [];
  let source: TestApp | undefined;
  let restored: TestApp | undefined;
  let sourceUrl: string | undefined;
  let backupDir = '';
  let manifest: BackupManifest;
  const acks: Ack[] = [];
  let backupStartedAt = 0;
  let backupEndedAt = 0;
  let avatar: { url: string; bytes: Buffer };

  const targetEnv = (dataDir: string, url = restoredUrl) => ({
    DATA_DIR: dataDir,
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const openRestored = () =>
    buildTestApp({
      dataDir: restoredDir,
      dbFile: path.join(restoredDir, 'streamflix.sqlite'),
      databaseUrl: restoredUrl,
    });

  beforeAll(async () => {
    source = await buildTestApp({
      dataDir: sourceDir,
      dbFile: path.join(sourceDir, 'streamflix.sqlite'),
    });
    sourceUrl = source.app.ctx.config.databaseUrl;
    const app = source.app;
    const titles = source.catalogue.titles.map((t) => t.id);

    // An uploaded avatar: a file in DATA_DIR/uploads the database points at.
    const owner = await registerUser(app);
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#e50914' },
    })
      .png()
      .toBuffer();
    const uploaded = await app.inject({
      method: 'POST',
      url: '/v1/users/uploadImages',
      payload: avatarForm(png),
      headers: {
        ...bearer(owner.tokens.access),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(uploaded.statusCode).toBe(200);
    const avatarUrl = uploaded.json().data.avatarUrl as string;
    avatar = {
      url: avatarUrl,
      bytes: readFileSync(path.join(sourceDir, 'uploads', 'avatars', path.basename(avatarUrl))),
    };

    // The burst: workers sign viewers up and add titles to their lists, each write recorded with the
    // time its answer arrived, until told to stop.
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const viewer = await registerUser(app);
        acks.push({
          kind: 'user',
          at: Date.now(),
          userId: viewer.user.id,
          email: viewer.email,
          password: viewer.password,
        });
        const titleId = titles[(w * 7 + i) % titles.length]!;
        const res = await app.inject({
          method: 'POST',
          url: `/v1/users/favourite/${viewer.user.id}`,
          payload: { titleId },
          headers: bearer(viewer.tokens.access),
        });
        if (res.statusCode !== 200) throw new Error(`favourite: ${res.statusCode} ${res.body}`);
        acks.push({ kind: 'favourite', at: Date.now(), userId: viewer.user.id, titleId });
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    const until = async (predicate: () => boolean) => {
      while (!predicate()) await new Promise((r) => setTimeout(r, 20));
    };
    try {
      await until(() => acks.length >= 40);
      backupStartedAt = Date.now();
      const run = await runScript('backup', ['--out', backupsDir], {
        DATA_DIR: sourceDir,
        ...(sourceUrl ? { DATABASE_URL: sourceUrl } : {}),
      });
      backupEndedAt = Date.now();
      if (run.code !== 0) throw new Error(`backup failed (${run.code}): ${run.stderr}`);
      const acked = acks.length;
      // Writes acknowledged after the backup ended, which it cannot hold.
      await until(() => acks.length >= acked + 6);
    } finally {
      stop = true;
      await Promise.all(workers);
    }
    const made = readdirSync(backupsDir);
    expect(made).toHaveLength(1);
    backupDir = path.join(backupsDir, made[0]!);
    manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
  }, 180_000);

  afterAll(async () => {
    await restored?.close();
    await source?.close();
    if (restoredUrl) await dropDatabase(restoredUrl);
    for (const url of extraDatabases) await dropDatabase(url);
    rmSync(work, { recursive: true, force: true });
  });

  test('the backup was taken while the API kept acknowledging writes, and says what it holds', () => {
    const during = acks.filter((a) => a.at > backupStartedAt && a.at < backupEndedAt);
    expect(during.length).toBeGreaterThan(0);
    expect(Date.parse(manifest.startedAt)).toBeGreaterThanOrEqual(backupStartedAt - 1000);
    expect(manifest.database.kind).toBe(pg ? 'postgres' : 'sqlite');
    expect(manifest.database.migrations.at(-1)).toMatch(/^\d{4}_/);
    expect(manifest.database.rowCounts.users).toBeGreaterThan(0);
    const paths = manifest.files.map((f) => f.path);
    expect(paths).toContain(manifest.database.file);
    expect(paths).toContain(`uploads/avatars/${path.basename(avatar.url)}`);
    for (const f of manifest.files) expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.notIncluded.media).toMatch(/HLS/);
  });

  test('a corrupt or truncated backup is refused with a clear error and the target is left alone', async () => {
    const flipped = path.join(work, 'flipped');
    cpSync(backupDir, flipped, { recursive: true });
    const dbCopy = path.join(flipped, manifest.database.file);
    const bytes = readFileSync(dbCopy);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(dbCopy, bytes);
    const targetDir = path.join(work, 'untouched');
    const targetUrl = pg ? freshDatabaseUrl() : undefined;
    if (targetUrl) extraDatabases.push(targetUrl);
    const run = await runScript('restore', [flipped], targetEnv(targetDir, targetUrl));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/damaged; nothing was restored/);
    expect(run.stderr).toMatch(/does not match its SHA-256 checksum/);
    expect(existsSync(targetDir)).toBe(false);
    if (targetUrl) expect(await databaseExists(targetUrl)).toBe(false);

    const truncated = path.join(work, 'truncated');
    cpSync(backupDir, truncated, { recursive: true });
    truncateSync(path.join(truncated, manifest.database.file), 4096);
    const cut = await runScript('restore', [truncated], targetEnv(targetDir, targetUrl));
    expect(cut.code).toBe(1);
    expect(cut.stderr).toMatch(/is 4096 bytes, the manifest says \d+ \(truncated or changed\)/);
    expect(existsSync(targetDir)).toBe(false);

    writeFileSync(
      path.join(truncated, 'manifest.json'),
      '{"format": "streamflix-backup/1", "datab',
    );
    const noManifest = await runScript('restore', [truncated], targetEnv(targetDir, targetUrl));
    expect(noManifest.code).toBe(1);
    expect(noManifest.stderr).toMatch(/manifest\.json is not readable JSON/);

    const bad = await runScript(
      'restore',
      ['--overwrite', backupDir],
      targetEnv(targetDir, targetUrl),
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Unknown option '--overwrite'[\s\S]*Usage: npm run restore/);
    expect(existsSync(targetDir)).toBe(false);
  }, 120_000);

  test('restored into a fresh data folder, it holds every write acknowledged before the backup began', async () => {
    const run = await runScript('restore', [backupDir], targetEnv(restoredDir));
    if (run.code !== 0) throw new Error(`restore failed (${run.code}): ${run.stderr}`);
    expect(run.stdout).toMatch(/checksums, integrity and row counts checked/);
    if (!pg) {
      const check = new SQLite(path.join(restoredDir, 'streamflix.sqlite'), { readonly: true });
      try {
        expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        check.close();
      }
    }

    restored = await openRestored();
    const db = restored.app.ctx.db;
    const users = new Set(
      (await sql<{ id: string }>`select id from users`.execute(db)).rows.map((r) => r.id),
    );
    // A viewer's first profile has the account's id (migration 0007), and sign-up lists go there.
    const favourites = new Set(
      (
        await sql<{
          user_id: string;
          title_id: string;
        }>`select profile_id as user_id, title_id from favourites`.execute(db)
      ).rows.map((r) => `${r.user_id}/${r.title_id}`),
    );
    const present = (a: Ack) =>
      a.kind === 'user' ? users.has(a.userId) : favourites.has(`${a.userId}/${a.titleId}`);
    // `<=`: an answer that arrived in the millisecond the backup was started from was acknowledged
    // before the backup process existed (the 40th often does; `<` counted it out and failed).
    const before = acks.filter((a) => a.at <= backupStartedAt);
    const after = acks.filter((a) => a.at > backupEndedAt);
    expect(before.length).toBeGreaterThanOrEqual(40);
    expect(before.filter((a) => !present(a))).toEqual([]);
    // The copy is of one moment during the backup, not of the live database later on.
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter(present)).toEqual([]);

    // The API on the restored data serves them: a viewer signs in and finds their list and picture.
    const viewer = before.find((a): a is Extract<Ack, { kind: 'user' }> => a.kind === 'user')!;
    const login = await restored.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: viewer.email, password: viewer.password },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.tokens.access as string;
    const list = await restored.app.inject({
      url: `/v1/users/favourite/${viewer.userId}`,
      headers: bearer(token),
    });
    expect(list.statusCode).toBe(200);
    const listed = JSON.stringify(list.json().data);
    const theirs = before.find(
      (a): a is Extract<Ack, { kind: 'favourite' }> =>
        a.kind === 'favourite' && a.userId === viewer.userId,
    );
    if (theirs) expect(listed).toContain(theirs.titleId);
    const picture = await restored.app.inject({ url: avatar.url });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(avatar.bytes)).toBe(true);
  }, 120_000);

  test('restoring over a non-empty target is refused without --force, and replaces it with --force', async () => {
    const usersNow = async (app: TestApp) =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from users`.execute(app.app.ctx.db)).rows[0]!
          .n,
      );
    // A write after the restore: a refused restore must leave it there.
    await registerUser(restored!.app);
    const withExtra = await usersNow(restored!);
    expect(withExtra).toBe(manifest.database.rowCounts.users! + 1);

    const refused = await runScript('restore', [backupDir], targetEnv(restoredDir));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not empty .*restoring would overwrite it.*--force/);
    expect(await usersNow(restored!)).toBe(withExtra);
    if (pg) {
      // An empty data folder, but the database holds tables.
      const elsewhere = await runScript(
        'restore',
        [backupDir],
        targetEnv(path.join(work, 'other')),
      );
      expect(elsewhere.code).toBe(1);
      expect(elsewhere.stderr).toMatch(/The database .* is not empty \(\d+ tables\).*--force/);
      expect(await usersNow(restored!)).toBe(withExtra);
    }

    // --force is for a stopped API.
    await restored!.close();
    restored = undefined;
    const forced = await runScript('restore', [backupDir, '--force'], targetEnv(restoredDir));
    if (forced.code !== 0)
      throw new Error(`forced restore failed (${forced.code}): ${forced.stderr}`);
    restored = await openRestored();
    expect(await usersNow(restored)).toBe(manifest.database.rowCounts.users);
  }, 120_000);
});
