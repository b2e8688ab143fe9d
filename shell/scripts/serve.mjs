#!/usr/bin/env node
/**
 * The shell's host: the generic static server (`@streamflix/tools/static-server`) plus what
 * only the shell's origin answers. It serves the environment's composition document at
 * /composition.json, the background-push worker generated from it at
 * /firebase-messaging-sw.js, and, in every index.html, the document inlined with the early
 * hints for the requested path (shell/scripts/early-hints.cjs).
 *
 *   node shell/scripts/serve.mjs <dist> <port> --composition <file>
 */
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from '@streamflix/tools/static-server';
import { firebaseMessagingSw } from './firebase-messaging-sw.cjs';
import { earlyHints } from './early-hints.cjs';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON file the shell's build writes (route-remotes.json, boot-assets.json), or null. */
function readBuildJson(root, name) {
  try {
    return JSON.parse(readFileSync(path.join(root, name), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The shell's hooks for the static server. The document is read per request, so the compose
 * step's atomic rewrite takes effect at the next page load without a restart.
 */
export function shellHost(dir, composition) {
  const root = path.resolve(dir);
  return {
    respond(pathname) {
      if (pathname === '/composition.json') {
        try {
          return { status: 200, type: JSON_TYPE, body: readFileSync(composition) };
        } catch {
          return { status: 404, body: 'No composition document' };
        }
      }
      if (pathname === '/firebase-messaging-sw.js') {
        let body = null;
        try {
          body = firebaseMessagingSw(JSON.parse(readFileSync(composition, 'utf8')));
        } catch {
          // An unreadable document configures no push worker.
        }
        return body
          ? { status: 200, type: 'text/javascript; charset=utf-8', body }
          : { status: 404, body: 'No Firebase project is configured for this environment' };
      }
      return null;
    },
    transformHtml(html, pathname) {
      // Inline the composition document so the shell can start fetching the current screen's
      // remote before anything else (one round trip less).
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
      return html
        .replace('<head>', `<head>${hints}`)
        .replace(
          '</head>',
          doc
            ? `<script id="sf-composition" type="application/json">${doc}</script></head>`
            : '</head>',
        );
    },
  };
}

/** Serve a shell build with its composition document, on its own origin. */
export function startShellServer({ dir, port, host, composition }) {
  return startStaticServer({ dir, port, host, spa: true, ...shellHost(dir, composition) });
}

const isMain =
  process.argv[1] && realpathSync(path.resolve(process.argv[1])) === fileURLToPath(import.meta.url);
if (isMain) {
  const [dir, port, ...rest] = process.argv.slice(2);
  const ci = rest.indexOf('--composition');
  const composition = ci >= 0 ? rest[ci + 1] : undefined;
  if (!dir || !port || !composition) {
    console.error('usage: serve.mjs <dist> <port> --composition <file>');
    process.exit(2);
  }
  const server = await startShellServer({ dir, port: Number(port), composition });
  console.log(`serving ${dir} on http://localhost:${server.address().port}`);
}
