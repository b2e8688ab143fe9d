const base = require('../jest.preset.cjs')('delivery', __dirname, {
  testEnvironment: 'node',
  // Several control-plane instances on one PostgreSQL: only the delivery-pg project (jest.pg.config.cjs) runs these.
  testPathIgnorePatterns: ['/node_modules/', '\\.pg\\.test\\.ts$'],
  // typebox and cookie (under fastify's inject) ship ESM only; jest runs CommonJS, so swc transpiles it too.
  transformIgnorePatterns: ['/node_modules/(?!(typebox|cookie)/)'],
});
base.transform['^.+\\.mjs$'] = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];
module.exports = base;
