import path from 'node:path';
import { rspack } from '@rspack/core';
import { createConfig } from '../rspack.config.base';

// The host: no exposes, no remote URLs. Remotes come from the composition document at run time.
const config = createConfig({ name: 'shell', dir: __dirname, port: 3000, title: 'Streamflix' });

// Files served as they are, at fixed URLs: the help widget script (loaded like a provider's),
// the web app manifest, its icons and the offline page.
config.plugins!.push(
  new rspack.CopyRspackPlugin({
    patterns: [{ from: path.join(__dirname, 'public/static'), to: '.' }],
  }),
);

export default config;
