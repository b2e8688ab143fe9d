#!/usr/bin/env node
/**
 * The shell's host: the generic static server (`@streamflix/tools/static-server`) plus what
 * only the shell's origin answers. It serves the environment's composition document at
 * /composition.json, the background-push worker generated from it at
 * /firebase-messaging-sw.js, and, in every index.html, the document inlined with the early
 * hints for the requested path (shell/scripts/early-hints.cjs). /composition-source.json says
 * where the document comes from and, with a control plane, whether it answers (for /versions).
 * A remote on canary is resolved per viewer (shell/scripts/canary-arms.cjs): the viewer's key is a
 * first-party cookie this host sets, and each answer carries the document of the viewer's arms;
 * /composition-source.json names the arm of every remote. An open tab revalidates
 * /composition-versions.json to learn of a new version (tab-versions.cjs); a preview link is
 * verified at /preview.json with the control plane's public keys (preview-links.cjs). Title pages
 * (/movie/{type}/{id}), /sitemap.xml and /robots.txt carry what bots read (title-pages.cjs).
 *
 *   node shell/scripts/serve.mjs <dist> <port> --control-plane <url> --environment <name>
 *        [--last-good <file>] [--poll-ms <ms>] [--public-url <origin>]
 *     (or CONTROL_PLANE_URL, COMPOSITION_ENV, SHELL_LAST_GOOD_FILE, SHELL_PUBLIC_URL): the
 *     environment as the control plane holds it, live (shell/scripts/live-composition.mjs);
 *     the public URL makes title pages' and sitemaps' absolute URLs (else the document's `shell`)
 *   node shell/scripts/serve.mjs <dist> <port> --composition <file>
 *     a document on disk, read per request (tests and examples)
 */
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from '@streamflix/tools/static-server';
import { firebaseMessagingSw } from './firebase-messaging-sw.cjs';
import { bootFallback, earlyHints, watchEngineFor } from './early-hints.cjs';
import { entryOf, stageMarkup, withoutEntry } from './watch-early.cjs';
import { bootFailureTag } from './boot-failure.cjs';
import { resolveArms, viewerOf } from './canary-arms.cjs';
import { PREVIEW_PATH, controlPlaneKeys, previewResponse } from './preview-links.cjs';
import { VERSIONS_PATH, tabVersionsResponse } from './tab-versions.cjs';
import { fileComposition, liveComposition } from './live-composition.mjs';
import { signalsEndpoint } from './signals-endpoint.cjs';
import { titlePages } from './title-pages.cjs';

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
 * The shell's hooks for the static server, over a source of the document (a file, or the
 * control plane: shell/scripts/live-composition.mjs). A path is read as a file.
 */
export function shellHost(dir, composition, { previews = null } = {}) {
  const root = path.resolve(dir);
  const source = typeof composition === 'string' ? fileComposition(composition) : composition;
  /** The viewer's arms over the current document, and the cookie that keeps its key. */
  const viewerView = (req, current) => {
    const viewer = viewerOf(req?.headers.cookie, {
      secure: req?.headers['x-forwarded-proto'] === 'https',
    });
    const resolved = current?.doc ? resolveArms(current.doc, viewer.key) : null;
    return {
      resolved,
      headers: {
        ...(viewer.setCookie ? { 'Set-Cookie': viewer.setCookie } : {}),
        Vary: 'Accept-Encoding, Cookie',
      },
    };
  };
  return {
    respond(pathname, req) {
      if (pathname === '/composition.json') {
        const current = source.read();
        if (!current)
          // A live host that has not heard from its control plane yet may have one soon.
          return source.status().source === 'file'
            ? { status: 404, body: 'No composition document' }
            : { status: 503, headers: source.headers(), body: 'No composition document yet' };
        const { resolved, headers } = viewerView(req, current);
        const body =
          resolved && resolved.doc !== current.doc ? JSON.stringify(resolved.doc) : current.body;
        return { status: 200, type: JSON_TYPE, headers: { ...source.headers(), ...headers }, body };
      }
      if (pathname === '/composition-source.json') {
        const { resolved, headers } = viewerView(req, source.read());
        return {
          status: 200,
          type: JSON_TYPE,
          headers,
          body: JSON.stringify({ ...source.status(), arms: resolved?.arms ?? {} }),
        };
      }
      // An open tab's cheap check for a new version of what it runs (the viewer's arms).
      if (pathname === VERSIONS_PATH) {
        const { resolved, headers } = viewerView(req, source.read());
        return tabVersionsResponse(req, resolved?.doc, headers);
      }
      // A preview link, verified offline with the control plane's keys (preview-links.cjs).
      if (pathname === PREVIEW_PATH) return previewResponse(req, previews, source.read()?.doc);
      if (pathname === '/firebase-messaging-sw.js') {
        let body = null;
        try {
          const doc = source.read()?.doc;
          body = doc ? firebaseMessagingSw(doc) : null;
        } catch {
          // An unreadable document configures no push worker.
        }
        return body
          ? { status: 200, type: 'text/javascript; charset=utf-8', body }
          : { status: 404, body: 'No Firebase project is configured for this environment' };
      }
      return null;
    },
    transformHtml(html, pathname, req) {
      // Inline the composition document so the shell can start fetching the current screen's
      // remote before anything else (one round trip less): the document of this viewer's arms.
      let doc = '';
      let hints = '';
      let fallback = '';
      let page = html;
      let afterRoot = '';
      const { resolved, headers } = viewerView(req, source.read());
      try {
        const parsed = resolved?.doc;
        if (parsed) {
          doc = JSON.stringify(parsed).replace(/</g, '\\u003c');
          const routes = readBuildJson(root, 'route-remotes.json');
          const entry = entryOf(html);
          hints = earlyHints(
            parsed,
            pathname,
            routes,
            readBuildJson(root, 'boot-assets.json'),
            entry,
          );
          fallback = bootFallback(parsed, pathname);
          // A watch link's early engine starts the video first, then the app (watch-early.cjs).
          if (watchEngineFor(parsed, pathname, routes, entry)) {
            page = withoutEntry(html);
            afterRoot = stageMarkup();
          }
        }
      } catch {
        // An unreadable document is left for the shell to fetch and report.
      }
      // The hints open <head>: the manifest request leaves before anything else is parsed. Then
      // the screen for a shell that cannot start (its entry or bootstrap not downloaded).
      return {
        headers,
        html: page
          .replace('<head>', `<head>${hints}${bootFailureTag()}`)
          .replace('<div id="root"></div>', `<div id="root">${fallback}</div>${afterRoot}`)
          .replace(
            '</head>',
            doc
              ? `<script id="sf-composition" type="application/json">${doc}</script></head>`
              : '</head>',
          ),
      };
    },
  };
}

/**
 * Serve a shell build with its environment's document, on its own origin: `composition` (a file)
 * or `controlPlane` and `environment` (live). With a control plane, the first answer (or the copy
 * on disk) is awaited for at most `timeoutMs` before the port opens.
 */
export async function startShellServer({
  dir,
  port,
  host,
  composition,
  controlPlane,
  environment,
  lastGoodFile,
  pollMs,
  publicUrl,
}) {
  let source;
  let keys = null;
  if (controlPlane) {
    if (!environment) throw new Error('startShellServer: a control plane needs an environment');
    source = liveComposition({ controlPlane, environment, lastGoodFile, pollMs });
    keys = controlPlaneKeys({ controlPlane });
    await Promise.all([source.ready, keys.ready]);
  } else if (composition) source = fileComposition(composition);
  else throw new Error('startShellServer: give a composition file or a control plane');
  const hooks = shellHost(dir, source, { previews: keys && { keys, environment } });
  // The browsers' signals go to the control plane the environment comes from (none from a file).
  const signals = controlPlane ? signalsEndpoint({ controlPlane, environment, source }) : null;
  const pages = titlePages({
    root: dir,
    doc: () => source.read()?.doc,
    publicUrl,
    transformHtml: hooks.transformHtml,
  });
  const server = await startStaticServer({
    dir,
    port,
    host,
    spa: true,
    ...hooks,
    handle: (req, res) => !!signals?.(req, res) || pages.handle(req, res),
  });
  server.once('close', () => {
    source.stop();
    keys?.stop();
  });
  return server;
}

const isMain =
  process.argv[1] && realpathSync(path.resolve(process.argv[1])) === fileURLToPath(import.meta.url);
if (isMain) {
  const [dir, port, ...rest] = process.argv.slice(2);
  const flag = (name) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const composition = flag('--composition');
  const controlPlane = composition
    ? undefined
    : (flag('--control-plane') ?? process.env.CONTROL_PLANE_URL);
  const environment = flag('--environment') ?? process.env.COMPOSITION_ENV;
  if (!dir || !port || !(composition || (controlPlane && environment))) {
    console.error(
      'usage: serve.mjs <dist> <port> --control-plane <url> --environment <name> [--last-good <file>] [--poll-ms <ms>]\n' +
        '       serve.mjs <dist> <port> --composition <file>',
    );
    process.exit(2);
  }
  const server = await startShellServer({
    dir,
    port: Number(port),
    composition,
    controlPlane,
    environment,
    lastGoodFile: flag('--last-good') ?? process.env.SHELL_LAST_GOOD_FILE,
    pollMs: flag('--poll-ms') ? Number(flag('--poll-ms')) : undefined,
    publicUrl: flag('--public-url') ?? process.env.SHELL_PUBLIC_URL,
  });
  console.log(
    `serving ${dir} on http://localhost:${server.address().port}` +
      (controlPlane ? ` (environment ${environment} from ${controlPlane})` : ''),
  );
}
