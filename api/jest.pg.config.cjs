/**
 * The same API suite on PostgreSQL: a throwaway server for the run (test/pg-global-setup.cjs), and each
 * test app on a database of its own (src/test/test-app.ts), so files run in parallel without sharing rows.
 * Tests that exercise SQLite internals only (the statement cache, FTS5) stay in the SQLite project.
 */
const base = require('./jest.config.cjs');

module.exports = {
  ...base,
  displayName: 'api-pg',
  globalSetup: '<rootDir>/test/pg-global-setup.cjs',
  globalTeardown: '<rootDir>/test/pg-global-teardown.cjs',
  setupFiles: ['<rootDir>/test/use-postgres.cjs'],
  testPathIgnorePatterns: [
    '/node_modules/',
    '/src/db/database\\.test\\.ts$',
    '/src/db/search-dialect\\.test\\.ts$',
  ],
};
