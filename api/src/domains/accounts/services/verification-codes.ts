import type { Kysely } from 'kysely';
import type { Database, VerificationCodesTable } from '../../../db/schema';
import { newId, nowIso, sha256, sixDigitCode } from '../../../lib/ids';

const TTL_MS = 15 * 60_000;
const MAX_ATTEMPTS = 5;

export type CodePurpose = VerificationCodesTable['purpose'];

/** Six-digit codes, stored hashed, single use, 15 minutes, five wrong guesses and the code is dead. */
export class VerificationCodes {
  constructor(private readonly db: Kysely<Database>) {}

  async issue(userId: string, purpose: CodePurpose): Promise<string> {
    const code = sixDigitCode();
    // A new code replaces any older one, so only the latest email works.
    await this.db
      .updateTable('verification_codes')
      .set({ used_at: nowIso() })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await this.db
      .insertInto('verification_codes')
      .values({
        id: newId('vc'),
        user_id: userId,
        purpose,
        code_hash: sha256(`${userId}:${code}`),
        attempts: 0,
        expires_at: new Date(Date.now() + TTL_MS).toISOString(),
        used_at: null,
        created_at: nowIso(),
      })
      .execute();
    return code;
  }

  /** 'ok' consumes the code. */
  async consume(
    userId: string,
    purpose: CodePurpose,
    code: string,
  ): Promise<'ok' | 'invalid' | 'expired' | 'too-many-attempts'> {
    const row = await this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!row) return 'invalid';
    if (row.expires_at <= nowIso()) return 'expired';
    if (row.attempts >= MAX_ATTEMPTS) return 'too-many-attempts';
    if (row.code_hash !== sha256(`${userId}:${code}`)) {
      await this.db
        .updateTable('verification_codes')
        .set({ attempts: row.attempts + 1 })
        .where('id', '=', row.id)
        .execute();
      return row.attempts + 1 >= MAX_ATTEMPTS ? 'too-many-attempts' : 'invalid';
    }
    await this.db
      .updateTable('verification_codes')
      .set({ used_at: nowIso() })
      .where('id', '=', row.id)
      .execute();
    return 'ok';
  }
}
