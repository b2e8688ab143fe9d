/**
 * The control plane's tests on PostgreSQL: the throwaway server the API's PostgreSQL project starts
 * (test/pg-global-setup.cjs over api/test/pg-global-setup.cjs: initdb into a temporary folder, or STREAMFLIX_TEST_DATABASE_URL), each
 * test app on a database of its own (src/control-plane/test/test-database.ts). *.pg.test.ts files
 * (several instances on one server) run only here.
 */
const path = require('node:path');
const base = require('./jest.config.cjs');

module.exports = {
  ...base,
  displayName: 'delivery-pg',
  testMatch: ['<rootDir>/src/control-plane/**/*.test.ts'],
  testPathIgnorePatterns: [
    '/node_modules/',
    // No database in these: they run once, in the delivery project.
    '/src/control-plane/registry\\.test\\.ts$',
    '/src/control-plane/test/contract-checker\\.test\\.ts$',
    '/src/control-plane/console/',
  ],
  globalSetup: path.join(__dirname, 'test', 'pg-global-setup.cjs'),
  globalTeardown: path.join(__dirname, 'test', 'pg-global-teardown.cjs'),
  setupFiles: [path.join(__dirname, 'test', 'use-postgres.cjs')],
};
