module.exports = require('../jest.preset.cjs')('shell', __dirname);
