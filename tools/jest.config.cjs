module.exports = require('../jest.preset.cjs')('tools', __dirname, {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/*.test.ts', '<rootDir>/i18n/*.test.ts', '<rootDir>/eslint/*.test.ts'],
});
