module.exports = require('../jest.preset.cjs')('delivery', __dirname, {
  testEnvironment: 'node',
});
