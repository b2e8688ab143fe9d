#!/usr/bin/env node
/**
 * A small static host for one built app, as a CDN or static host would serve
 * it in a real deployment: its own origin and port, CORS for cross-origin
 * federation, long caching for hashed assets, no caching for manifests and
 * HTML, index.html for client-side routes (--spa).
 *
 *   node static-server.mjs <dir> <port> [--spa]
 *
 * It knows nothing of any app. An app that needs more of its host passes hooks:
 * `respond(pathname, req)` answers paths of its own (the shell's /composition.json),
 * `handle(req, res)` takes a request of its own whole (any method) and says so.
 * `transformHtml(html, pathname, req)` rewrites index.html per request (the shell's early
 * hints and its viewer's canary arms), returning the HTML or `{ html, headers }`; see
 * shell/scripts/serve.mjs.
 */
import { createServer } from 'node:http';
import {
  createReadStream,
  existsSync,
  readFile,
  readFileSync,
  readdirSync,
  realpathSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  brotliCompress,
  brotliCompressSync,
  constants as zlibConstants,
  createGzip,
} from 'node:zlib';
import remotes from './remotes.cjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

const COMPRESSIBLE = /\.(js|mjs|css|html|json|map|svg|webmanifest)$/;
/** Files brotli-compressed at its best level: what a page loads (not source maps, not huge files). */
const BROTLI_FILE = /\.(js|mjs|css|json|svg|webmanifest)$/;
const BROTLI_MAX_BYTES = 4 * 1024 * 1024;
/** Whether the request's Accept-Encoding names brotli. */
const acceptsBrotli = (req) => /\bbr\b/.test(req.headers['accept-encoding'] ?? '');
const BROTLI_QUICK = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };
const BROTLI_BEST = {
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
};

/**
 * Brotli at its best level is about 15% smaller than gzip for our bundles, which a phone on a
 * slow network feels on every cold start, but far too slow to run per request. Each file version
 * (size and modification time) is compressed once, in the background; until it is ready, and
 * for any file it does not cover, the response is gzip as before.
 */
function createBrotliCache() {
  /** @type {Map<string, { key: string, body: Buffer | null }>} */
  const entries = new Map();
  const versionOf = (stat) => `${stat.size}:${stat.mtimeMs}`;
  const compress = (file, stat) => {
    if (!BROTLI_FILE.test(file) || stat.size > BROTLI_MAX_BYTES) return null;
    const key = versionOf(stat);
    const hit = entries.get(file);
    if (hit?.key === key) return hit.body;
    const entry = { key, body: null };
    entries.set(file, entry);
    readFile(file, (readErr, raw) => {
      if (readErr) return entries.delete(file);
      brotliCompress(raw, BROTLI_BEST, (err, out) => {
        // A file replaced meanwhile has a newer entry: this one is dropped with it.
        if (entries.get(file) !== entry) return;
        if (err) entries.delete(file);
        else entry.body = out;
      });
    });
    return null;
  };
  return {
    /** The brotli body of this version of the file, or null (not ready yet, or not covered). */
    get: compress,
    /** Starts compressing every covered file under dir, so the first visitors get brotli too. */
    warm(dir) {
      let names = [];
      try {
        names = readdirSync(dir, { recursive: true });
      } catch {
        return;
      }
      for (const name of names) {
        const file = path.join(dir, String(name));
        try {
          const stat = statSync(file);
          if (stat.isFile()) compress(file, stat);
        } catch {
          // gone meanwhile
        }
      }
    },
  };
}

/**
 * @param {{
 *   dir: string, port: number, host?: string, spa?: boolean,
 *   respond?: (pathname: string, req: import('node:http').IncomingMessage) =>
 *     { status: number, type?: string, headers?: Record<string, string>, body: string | Buffer }
 *     | null,
 *   transformHtml?: (html: string, pathname: string, req: import('node:http').IncomingMessage) =>
 *     string | { html: string, headers?: Record<string, string> },
 *   handle?: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) =>
 *     boolean,
 * }} options
 */
export function startStaticServer({
  dir,
  port,
  host = '127.0.0.1',
  spa = false,
  respond,
  transformHtml,
  handle,
}) {
  const root = path.resolve(dir);
  const brotli = createBrotliCache();
  brotli.warm(root);
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // No one may frame the product (clickjacking). Scripts are not restricted here: the shell
    // loads remotes from origins named at run time by the composition document, plus Stripe.js,
    // Firebase and the chat widget.
    res.setHeader(
      'Content-Security-Policy',
      "frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
    );
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    // A host's own endpoint, any method (the shell's POST /signals): true when it answered.
    if (handle?.(req, res)) return;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405);
      return res.end();
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400);
      return res.end('Bad request');
    }
    const own = respond?.(pathname, req);
    if (own) {
      res.writeHead(own.status, {
        'Content-Type': own.type ?? 'text/plain; charset=utf-8',
        'Cache-Control': 'no-cache',
        ...own.headers,
      });
      return res.end(req.method === 'HEAD' ? undefined : own.body);
    }
    let file = path.join(root, pathname);
    // With the separator: "/srv/dist-private" starts with "/srv/dist" too.
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(403);
      return res.end();
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file)) {
      if (spa && !path.extname(pathname)) file = path.join(root, 'index.html');
      else {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        return res.end('Not found');
      }
    }
    const ext = path.extname(file);
    if (transformHtml && path.basename(file) === 'index.html') {
      const out = transformHtml(readFileSync(file, 'utf8'), pathname, req);
      const html = typeof out === 'string' ? out : out.html;
      // Made per request, so compressed at a quick level.
      const br = acceptsBrotli(req);
      const body = br ? brotliCompressSync(html, BROTLI_QUICK) : Buffer.from(html);
      res.writeHead(200, {
        'Content-Type': TYPES['.html'],
        'Cache-Control': 'no-cache',
        Vary: 'Accept-Encoding',
        'Content-Length': body.length,
        ...(br ? { 'Content-Encoding': 'br' } : {}),
        ...(typeof out === 'string' ? {} : out.headers),
      });
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
    const hashed = /\.[0-9a-f]{8}\.(js|css)$/.test(file);
    const headers = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      Vary: 'Accept-Encoding',
    };
    const stat = statSync(file);
    const br = acceptsBrotli(req) ? brotli.get(file, stat) : null;
    if (br) {
      res.writeHead(200, { ...headers, 'Content-Encoding': 'br', 'Content-Length': br.length });
      return res.end(req.method === 'HEAD' ? undefined : br);
    }
    if (COMPRESSIBLE.test(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip' });
      if (req.method === 'HEAD') return res.end();
      createReadStream(file)
        .pipe(createGzip({ level: 6 }))
        .pipe(res);
    } else {
      res.writeHead(200, { ...headers, 'Content-Length': stat.size });
      if (req.method === 'HEAD') return res.end();
      createReadStream(file).pipe(res);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

// Through the package's bin, argv[1] is node_modules/.bin's link: compare real paths.
const isMain =
  process.argv[1] && realpathSync(path.resolve(process.argv[1])) === fileURLToPath(import.meta.url);
if (isMain) {
  const [dir, portArg, ...rest] = process.argv.slice(2);
  // Without a port, a remote's folder (the working directory of `npm run serve -w mf-…`) finds
  // its own in the registry of remotes.
  const remote = remotes.readRegistry().find((r) => r.dir === path.basename(process.cwd()));
  const port = portArg && !portArg.startsWith('--') ? Number(portArg) : remote?.port;
  if (!dir || port === undefined || !Number.isInteger(port)) {
    console.error(
      'usage: static-server.mjs <dir> [<port>] [--spa] (the port is optional in a remote of remotes.json)',
    );
    process.exit(2);
  }
  const server = await startStaticServer({
    dir,
    port,
    spa: rest.includes('--spa') || portArg === '--spa',
  });
  console.log(`serving ${dir} on http://localhost:${server.address().port}`);
}
