module.exports = require('../jest.preset.cjs')('shared', __dirname);
