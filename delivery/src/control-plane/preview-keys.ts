import { createPrivateKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ControlPlaneTables } from './database';
import type { PublicJwk } from './preview-token';

/** No preview link lives longer than this, so a retired key is published this long after. */
export const PREVIEW_MAX_TTL_SECONDS = 24 * 3600;

/**
 * The Ed25519 keys preview links are signed with, on the control plane's database (so every instance
 * on one PostgreSQL signs with the same key). The newest unretired key signs; `rotate` retires it and
 * makes a new one, and a retired key stays published for a day, the longest a link it signed lives.
 */
export class PreviewKeys {
  constructor(
    private readonly db: Kysely<ControlPlaneTables>,
    /** The clock links are dated by. */
    readonly now: () => Date = () => new Date(),
  ) {}

  /** The key that signs now (made on first use). */
  async signing(): Promise<{ kid: string; key: KeyObject }> {
    let row = await this.current();
    if (!row) {
      await this.create();
      row = (await this.current())!;
    }
    return { kid: row.kid, key: createPrivateKey(row.private_key) };
  }

  /** Retires the signing key and makes a new one; links signed before stay valid until they expire. */
  async rotate(): Promise<string> {
    const at = this.now().toISOString();
    await this.db
      .updateTable('signing_keys')
      .set({ retired_at: at })
      .where('retired_at', 'is', null)
      .execute();
    return this.create();
  }

  /** The public keys a verifier needs: every key that may have signed a link still alive. */
  async published(): Promise<Array<PublicJwk & { createdAt: string; retiredAt: string | null }>> {
    const since = new Date(this.now().getTime() - PREVIEW_MAX_TTL_SECONDS * 1000).toISOString();
    const rows = await this.db
      .selectFrom('signing_keys')
      .select(['public_jwk', 'created_at', 'retired_at'])
      .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', since)]))
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((r) => ({
      ...(JSON.parse(r.public_jwk) as PublicJwk),
      createdAt: r.created_at,
      retiredAt: r.retired_at,
    }));
  }

  private current() {
    return this.db
      .selectFrom('signing_keys')
      .selectAll()
      .where('retired_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('kid', 'desc')
      .executeTakeFirst();
  }

  private async create(): Promise<string> {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const kid = `pk_${randomBytes(8).toString('hex')}`;
    const { x } = publicKey.export({ format: 'jwk' });
    const jwk: PublicJwk = { kty: 'OKP', crv: 'Ed25519', x: x!, kid, alg: 'EdDSA', use: 'sig' };
    await this.db
      .insertInto('signing_keys')
      .values({
        kid,
        private_key: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        public_jwk: JSON.stringify(jwk),
        created_at: this.now().toISOString(),
        retired_at: null,
      })
      .execute();
    return kid;
  }
}
