/**
 * The same API suite on PostgreSQL: a throwaway server for the run (test/pg-global-setup.cjs), and each
 * test app on a database of its own (src/test/test-app.ts), so files run in parallel without sharing rows.
 * Tests that never touch the database, or only SQLite internals (statement cache, FTS5), run once, in the
 * SQLite project; *.pg.test.ts files (several instances on one server) run only here.
 */
const base = require('./jest.config.cjs');

module.exports = {
  ...base,
  displayName: 'api-pg',
  globalSetup: '<rootDir>/test/pg-global-setup.cjs',
  globalTeardown: '<rootDir>/test/pg-global-teardown.cjs',
  testMatch: ['**/*.test.ts'],
  setupFiles: ['<rootDir>/test/use-postgres.cjs'],
  setupFilesAfterEnv: ['<rootDir>/test/timeout.cjs'],
  testPathIgnorePatterns: [
    '/node_modules/',
    // No database in these: the catalogue builder, artwork, ffmpeg media; or SQLite internals.
    '/src/domains/catalogue/data/',
    '/src/domains/playback/media/',
    '/src/domains/playback/services/media-state\\.test\\.ts$',
    '/src/domains/notifications/services/push-hub\\.test\\.ts$',
    '/src/lib/define-routes\\.test\\.ts$',
    '/src/lib/metrics\\.test\\.ts$',
    '/src/domains/operations/services/player-metrics\\.test\\.ts$',
    '/src/db/database\\.test\\.ts$',
    '/src/db/search-dialect\\.test\\.ts$',
    // SQLite that cannot write (full, read-only, locked); PostgreSQL's outage is database-outage.pg.test.ts.
    '/src/db/sqlite-write-outage\\.test\\.ts$',
    '/src/db/database-errors\\.test\\.ts$',
    '/src/db/write-health\\.test\\.ts$',
    // SQLite's fsync-per-commit for the durable tables (synchronous=NORMAL + WAL sync); PostgreSQL commits
    // are durable by its own WAL.
    '/src/security/durability\\.test\\.ts$',
  ],
};
