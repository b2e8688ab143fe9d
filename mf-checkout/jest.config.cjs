module.exports = require('../jest.preset.cjs')('mf-checkout', __dirname);
