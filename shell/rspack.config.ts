import { createConfig } from '../rspack.config.base';

// The host: no exposes, no remote URLs. Remotes come from the composition document at run time.
export default createConfig({ name: 'shell', dir: __dirname, port: 3000, title: 'Streamflix' });
