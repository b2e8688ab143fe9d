import { createConfig, exposesOf } from '../rspack.config.base';

// Public surface: every file in src/exposes/ (screens + single-spa lifecycles).
export default createConfig({
  name: 'mf_checkout',
  dir: __dirname,
  title: 'mf-checkout (standalone)',
  exposes: exposesOf(__dirname),
});
