module.exports = require('../jest.preset.cjs')('mf-player', __dirname);
