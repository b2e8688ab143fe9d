import { TokenStore, hashToken, scopeRefusal } from './tokens';
import { openDatabase, type ControlPlaneDatabase } from './database';
import { TEST_REGISTRY } from './test/test-control-plane';
import { createTestDatabase, type TestDatabase } from './test/test-database';

describe('tokens', () => {
  let testDatabase: TestDatabase;
  let database: ControlPlaneDatabase;
  let now: Date;
  let tokens: TokenStore;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    database = await openDatabase(testDatabase.options);
    now = new Date('2026-11-27T08:00:00Z');
    tokens = new TokenStore(database.db, TEST_REGISTRY, () => now);
  });
  afterEach(async () => {
    await database.close();
    await testDatabase.drop();
  });

  test('a token is random, shown once and stored only as its sha256', async () => {
    const a = await tokens.create({ team: 'player' });
    const b = await tokens.create({ team: 'player' });
    expect(a.token).toMatch(/^sfcp_[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    const rows = await database.db.selectFrom('tokens').selectAll().execute();
    expect(rows.map((r) => r.token_hash).sort()).toEqual(
      [hashToken(a.token), hashToken(b.token)].sort(),
    );
    expect(JSON.stringify(rows)).not.toContain(a.token.slice(5));
    expect(await tokens.authenticate(a.token)).toEqual({
      actor: {
        tokenId: a.info.tokenId,
        team: 'player',
        environmentOwner: null,
        expiresAt: '2027-02-25T08:00:00.000Z',
      },
    });
  });

  test('a token expires after its days, and a revoked one stops at once', async () => {
    const { token, info } = await tokens.create({ team: 'catalog' }, 7);
    expect(info.expiresAt).toBe('2026-12-04T08:00:00.000Z');
    now = new Date('2026-12-04T07:59:59Z');
    expect(await tokens.authenticate(token)).toHaveProperty('actor');
    now = new Date('2026-12-04T08:00:00Z');
    expect(await tokens.authenticate(token)).toEqual({ problem: 'expired' });
    now = new Date('2026-11-28T00:00:00Z');
    await tokens.revoke(info.tokenId);
    expect(await tokens.authenticate(token)).toEqual({ problem: 'revoked' });
    expect((await tokens.list()).map((t) => t.status)).toEqual(['revoked']);
    expect(await tokens.authenticate('sfcp_guess')).toEqual({ problem: 'unknown' });
  });

  test('a team must be in remotes.json, an environment a valid name, a lifetime sensible', async () => {
    await expect(tokens.create({ team: 'marketing' })).rejects.toThrow(
      /no team "marketing" in remotes.json \(teams: account, catalog, checkout, player\)/,
    );
    await expect(tokens.create({ environmentOwner: 'Staging!' })).rejects.toThrow(
      /not an environment/,
    );
    await expect(tokens.create({ team: 'player' }, 0)).rejects.toThrow(/--ttl-days/);
    await expect(tokens.create({ team: 'player' }, 400)).rejects.toThrow(/--ttl-days/);
    await expect(tokens.revoke('tok_missing')).rejects.toThrow(/no token tok_missing/);
    expect(await tokens.list()).toEqual([]);
  });

  test("a team token's scope is its team's remotes; an environment owner's, its environment", () => {
    const team = { tokenId: 't', team: 'player', environmentOwner: null, expiresAt: '' };
    const owner = { tokenId: 'o', team: null, environmentOwner: 'staging', expiresAt: '' };
    expect(scopeRefusal(team, 'production', 'mf_player', 'player')).toBeNull();
    expect(scopeRefusal(team, 'staging', 'mf_catalog', 'catalog')).toMatch(/owned by team catalog/);
    expect(scopeRefusal(owner, 'staging', 'mf_catalog', 'catalog')).toBeNull();
    expect(scopeRefusal(owner, 'production', 'mf_catalog', 'catalog')).toMatch(/team catalog/);
  });
});
