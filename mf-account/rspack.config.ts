import { createConfig, exposesOf } from '../rspack.config.base';

// Public surface: every file in src/exposes/ (screens + single-spa lifecycles).
export default createConfig({
  name: 'mf_account',
  dir: __dirname,
  title: 'mf-account (standalone)',
  exposes: exposesOf(__dirname),
});
