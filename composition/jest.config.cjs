module.exports = require('../jest.preset.cjs')('composition', __dirname, {
  testEnvironment: 'node',
});
