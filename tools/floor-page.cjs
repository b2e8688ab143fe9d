/**
 * The floor: a minimal React 19 page (one heading, one paragraph), bundled with esbuild and served
 * from this machine. Lighthouse's bench and the main-thread guard measure it in the same run as the
 * product, so a figure is read against what the machine gives the smallest React app.
 */
const { createServer } = require('node:http');
const { mkdtempSync, readFileSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { buildSync } = require('esbuild');

const root = path.resolve(__dirname, '..');

/** Bundles and serves the floor page on a free port; `close()` stops it. */
async function startFloor() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sf-floor-'));
  writeFileSync(
    path.join(dir, 'main.jsx'),
    `import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')).render(<main id="main-content"><h1>Minimal React page</h1><p>The floor for this machine.</p></main>);`,
  );
  buildSync({
    entryPoints: [path.join(dir, 'main.jsx')],
    bundle: true,
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: path.join(dir, 'main.js'),
    nodePaths: [path.join(root, 'node_modules')],
    logLevel: 'silent',
  });
  const js = readFileSync(path.join(dir, 'main.js'));
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Floor</title><meta name="description" content="floor"></head><body><div id="root"></div><script src="/main.js"></script></body></html>`;
  const server = createServer((req, res) => {
    const isJs = req.url === '/main.js';
    res.writeHead(200, {
      'content-type': isJs ? 'text/javascript' : 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
    });
    res.end(isJs ? js : html);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

module.exports = { startFloor };
