#!/usr/bin/env node
/**
 * A small static host for one built app, as a CDN or static host would serve
 * it in a real deployment: its own origin and port, CORS for cross-origin
 * federation, long caching for hashed assets, no caching for manifests and
 * HTML. The shell's host also answers /composition.json and falls back to
 * index.html for client-side routes (--spa).
 *
 *   node static-server.mjs <dir> <port> [--spa] [--composition <file>]
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
import { firebaseMessagingSw } from '../shell/scripts/firebase-messaging-sw.cjs';
import { earlyHints } from '../shell/scripts/early-hints.cjs';

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

/**
 * A JSON file written by the shell's build (absent for other apps): route-remotes.json (which
 * remote owns each path), boot-assets.json (the shell's chunks for every start).
 */
function readBuildJson(root, name) {
  try {
    return JSON.parse(readFileSync(path.join(root, name), 'utf8'));
  } catch {
    return null;
  }
}

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

export function startStaticServer({ dir, port, host = '127.0.0.1', spa = false, composition }) {
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
    if (composition && pathname === '/composition.json') {
      try {
        const body = readFileSync(composition);
        res.writeHead(200, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-cache' });
        return res.end(body);
      } catch {
        res.writeHead(404);
        return res.end('No composition document');
      }
    }
    if (composition && pathname === '/firebase-messaging-sw.js') {
      let body = null;
      try {
        body = firebaseMessagingSw(JSON.parse(readFileSync(composition, 'utf8')));
      } catch {
        // An unreadable document configures no push worker.
      }
      if (!body) {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        return res.end('No Firebase project is configured for this environment');
      }
      res.writeHead(200, { 'Content-Type': TYPES['.js'], 'Cache-Control': 'no-cache' });
      return res.end(req.method === 'HEAD' ? undefined : body);
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
    if (composition && path.basename(file) === 'index.html') {
      // Inline the composition document so the shell can start fetching the
      // current screen's remote before anything else (one round trip less).
      let doc = '';
      let hints = '';
      try {
        const parsed = JSON.parse(readFileSync(composition, 'utf8'));
        doc = JSON.stringify(parsed).replace(/</g, '\\u003c');
        hints = earlyHints(
          parsed,
          pathname,
          readBuildJson(root, 'route-remotes.json'),
          readBuildJson(root, 'boot-assets.json'),
        );
      } catch {
        // An unreadable document is left for the shell to fetch and report.
      }
      // The hints open <head>: the manifest request leaves before anything else is parsed.
      const html = readFileSync(file, 'utf8')
        .replace('<head>', `<head>${hints}`)
        .replace(
          '</head>',
          doc
            ? `<script id="sf-composition" type="application/json">${doc}</script></head>`
            : '</head>',
        );
      // Made per request (its hints follow the path), so compressed at a quick level.
      const br = acceptsBrotli(req);
      const body = br ? brotliCompressSync(html, BROTLI_QUICK) : Buffer.from(html);
      res.writeHead(200, {
        'Content-Type': TYPES['.html'],
        'Cache-Control': 'no-cache',
        Vary: 'Accept-Encoding',
        'Content-Length': body.length,
        ...(br ? { 'Content-Encoding': 'br' } : {}),
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
  const [dir, port, ...rest] = process.argv.slice(2);
  if (!dir || !port) {
    console.error('usage: static-server.mjs <dir> <port> [--spa] [--composition <file>]');
    process.exit(2);
  }
  const ci = rest.indexOf('--composition');
  const server = await startStaticServer({
    dir,
    port: Number(port),
    spa: rest.includes('--spa'),
    composition: ci >= 0 ? rest[ci + 1] : undefined,
  });
  console.log(`serving ${dir} on http://localhost:${server.address().port}`);
}
