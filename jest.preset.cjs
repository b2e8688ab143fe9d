/**
 * One jest preset for every frontend workspace: @swc/jest (ts-jest does not
 * support TypeScript 7), jsdom, CSS modules as identity objects.
 */
const path = require('node:path');

module.exports = (displayName, rootDir, overrides = {}) => ({
  displayName,
  rootDir,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/scripts/**/*.test.[jt]s'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '\\.module\\.css$': path.join(__dirname, 'shared/test/css-module-stub.cjs'),
    '\\.css$': path.join(__dirname, 'shared/test/css-stub.cjs'),
    '^@streamflix/shared$': path.join(__dirname, 'shared/src/index.ts'),
    '^@streamflix/shared/testing$': path.join(__dirname, 'shared/test/remote-exposes.ts'),
    '^@streamflix/shared/isolated$': path.join(__dirname, 'shared/src/isolation/isolated-app.tsx'),
    '^@streamflix/composition$': path.join(__dirname, 'composition/src/index.ts'),
  },
  setupFilesAfterEnv: [path.join(__dirname, 'shared/test/setup-tests.ts')],
  ...overrides,
});
