module.exports = require('../jest.preset.cjs')('mf-catalog', __dirname);
