/** `npm run test:unit`: every workspace's unit and integration tests in one run. */
module.exports = {
  // Global, so it applies to every project: the API suites build a whole app per file.
  testTimeout: 30_000,
  projects: [
    '<rootDir>/shared',
    '<rootDir>/tools',
    '<rootDir>/shell',
    '<rootDir>/delivery',
    '<rootDir>/mf-catalog',
    '<rootDir>/mf-player',
    '<rootDir>/mf-account',
    '<rootDir>/mf-checkout',
    '<rootDir>/api',
    // The same API suite on PostgreSQL (a throwaway server started by its global setup).
    '<rootDir>/api/jest.pg.config.cjs',
    // The delivery control plane on PostgreSQL (the same throwaway server set-up).
    '<rootDir>/delivery/jest.pg.config.cjs',
  ],
};
