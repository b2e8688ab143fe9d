/**
 * Child process of durability.test.ts: writes accounts and sessions through the real data layer
 * and prints "ack <id>" once each commit has returned, as a route would answer its client.
 */
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrations';
import { newUserRow } from '../domains/accounts/services/users';

async function main(dbFile: string, prefix: string): Promise<void> {
  const { db, dialect } = await openDatabase({ dbFile });
  await migrateToLatest(db, dialect);
  process.stdout.write('ready\n');
  // Never outlives a test that lost track of it.
  const deadline = Date.now() + 20_000;
  for (let i = 0; Date.now() < deadline; i++) {
    const id = `${prefix}-${i}`;
    const now = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values(newUserRow({ id, email: `${id}@example.com`, name: id, country: 'US' }, now))
        .execute();
      await trx
        .insertInto('sessions')
        .values({
          id: `ses-${id}`,
          user_id: id,
          created_at: now,
          last_used_at: now,
          revoked_at: null,
          revoked_reason: null,
          user_agent: null,
          ip: null,
        })
        .execute();
    });
    process.stdout.write(`ack ${id}\n`);
  }
}

void main(process.argv[2]!, process.argv[3]!);
