import { createConfig, exposesOf } from '../rspack.config.base';

// Public surface: every file in src/exposes/ (screens + single-spa lifecycles).
export default createConfig({
  name: 'mf_account',
  dir: __dirname,
  port: 3003,
  title: 'mf-account (standalone)',
  exposes: exposesOf(__dirname),
});
