/** `npm run test:unit`: every workspace's unit and integration tests in one run. */
const { jestProjects } = require('./tools/remotes.cjs');

module.exports = {
  // Global, so it applies to every project: the API suites build a whole app per file.
  testTimeout: 30_000,
  // Both cores: jest's default on a 2-core machine is one worker, and the suites mostly wait on
  // their own servers and databases rather than on each other.
  maxWorkers: 2,
  projects: [
    // The libraries, the shell, the delivery tools, every remote of remotes.json, the API.
    ...jestProjects(),
    // The same API suite on PostgreSQL (a throwaway server started by its global setup).
    '<rootDir>/api/jest.pg.config.cjs',
    // The delivery control plane on PostgreSQL (the same throwaway server set-up).
    '<rootDir>/delivery/jest.pg.config.cjs',
  ],
};
