/**
 * Self-contained so the root config can list it as a project.
 * typebox and jose ship ESM only; jest runs CommonJS, so swc transpiles them too.
 */
module.exports = {
  displayName: 'api',
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/scripts'],
  testMatch: ['**/*.test.ts'],
  // Several API instances on one PostgreSQL: only the api-pg project (jest.pg.config.cjs) runs these.
  testPathIgnorePatterns: ['/node_modules/', '\\.pg\\.test\\.ts$'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
    '^.+\\.mjs$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(typebox|jose|cookie)/)'],
  testTimeout: 30000,
  setupFilesAfterEnv: ['<rootDir>/test/timeout.cjs'],
};
