module.exports = require('../jest.preset.cjs')('mf-account', __dirname);
