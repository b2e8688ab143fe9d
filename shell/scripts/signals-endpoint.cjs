/**
 * The shell host's POST /signals: the browsers' signal beacons (shell/src/delivery/signals), checked
 * here and forwarded to the control plane (POST /v1/environments/{env}/signals).
 *
 * - Same origin only: a browser's Sec-Fetch-Site, when sent, must be same-origin, and an Origin, when
 *   sent, must be this host's. The body is JSON sent as text/plain (what sendBeacon sends a string as;
 *   Chromium refuses a beacon with a JSON type) or application/json.
 * - At most 16 KB a beacon (413), 30 beacons a minute per client address (429), a well-formed batch
 *   (400 naming the problem). It never throws: a bad request is answered and forgotten.
 * - Each report gets the viewer's arm of its remote here (the shell never sees a canary): the arm the
 *   viewer's cookie falls in when the report's version is that arm's, else the arm whose version it is.
 *
 * Plain Node (CommonJS), like canary-arms.cjs, so that serve.mjs and jest load the same file.
 */
const { resolveArms, viewerKeyFromCookie } = require('./canary-arms.cjs');

const MAX_BYTES = 16 * 1024;
const KINDS = new Set([
  'session',
  'load-failure',
  'boundary',
  'unhandled',
  'gate-refused',
  'lcp',
  'inp',
]);
const SESSION = /^[A-Za-z0-9_-]{8,64}$/;
const REMOTE = /^[A-Za-z_$][\w$]{0,62}$/;

class BadBatch extends Error {}

/** The batch as the control plane takes it, or a BadBatch saying what is wrong. */
function checkBatch(body) {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new BadBatch('the body is not a JSON object');
  if (typeof body.session !== 'string' || !SESSION.test(body.session))
    throw new BadBatch('"session" must be 8 to 64 letters, digits, "-" or "_"');
  if (!Array.isArray(body.reports) || body.reports.length < 1 || body.reports.length > 200)
    throw new BadBatch('"reports" must be a list of 1 to 200 reports');
  const reports = body.reports.map((r, i) => {
    const at = `reports[${i}]`;
    if (typeof r !== 'object' || r === null) throw new BadBatch(`${at} is not an object`);
    if (!KINDS.has(r.kind)) throw new BadBatch(`${at}.kind is not one of ${[...KINDS].join(', ')}`);
    if (typeof r.remote !== 'string' || !REMOTE.test(r.remote))
      throw new BadBatch(`${at}.remote is not a remote name`);
    if (typeof r.version !== 'string' || r.version.length < 1 || r.version.length > 100)
      throw new BadBatch(`${at}.version must be 1 to 100 characters`);
    const out = { kind: r.kind, remote: r.remote, version: r.version };
    if (r.route !== undefined) {
      if (typeof r.route !== 'string' || r.route.length > 200)
        throw new BadBatch(`${at}.route must be a path of at most 200 characters`);
      out.route = r.route;
    }
    if (r.value !== undefined) {
      if (typeof r.value !== 'number' || !(r.value >= 0 && r.value <= 600000))
        throw new BadBatch(`${at}.value must be milliseconds from 0 to 600000`);
      out.value = r.value;
    }
    if (r.count !== undefined) {
      if (!Number.isInteger(r.count) || r.count < 1 || r.count > 1000)
        throw new BadBatch(`${at}.count must be a whole number from 1 to 1000`);
      out.count = r.count;
    }
    return out;
  });
  return { session: body.session, reports };
}

/** Each report's arm, from the viewer's buckets over the document the host serves now. */
function stampArms(batch, doc, cookieHeader) {
  const key = viewerKeyFromCookie(cookieHeader);
  const arms = doc && key ? resolveArms(doc, key).arms : {};
  return batch.reports.map((r) => {
    const remote = doc && doc.remotes ? doc.remotes[r.remote] : undefined;
    const canaryVersion =
      remote && remote.canary && remote.canary.entry && remote.canary.entry.version;
    const mine = arms[r.remote];
    let arm = 'stable';
    if (mine && r.version === mine.version) arm = mine.arm;
    else if (canaryVersion && r.version === canaryVersion) arm = 'canary';
    return { ...r, arm };
  });
}

/** Beacons per client address per minute. */
function rateLimit(perMinute, now) {
  let window = 0;
  const counts = new Map();
  return (key) => {
    const w = Math.floor(now() / 60000);
    if (w !== window) {
      window = w;
      counts.clear();
    }
    const n = (counts.get(key) || 0) + 1;
    counts.set(key, n);
    return n <= perMinute;
  };
}

/**
 * @param {{ controlPlane: string, environment: string, source: { read(): { doc: object } | null },
 *   fetch?: typeof fetch, perMinute?: number, now?: () => number, log?: (line: string) => void }} options
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean}
 */
function signalsEndpoint({
  controlPlane,
  environment,
  source,
  fetch: fetchImpl = globalThis.fetch,
  perMinute = 30,
  now = Date.now,
  log = (line) => console.error(`[shell host] ${line}`),
}) {
  const target = `${controlPlane.replace(/\/+$/, '')}/v1/environments/${encodeURIComponent(environment)}/signals`;
  const allow = rateLimit(perMinute, now);
  let failing = false;

  const answer = (res, status, message) => {
    if (res.headersSent) return;
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    res.end(JSON.stringify(message ? { error: message } : { ok: true }));
  };

  async function forward(body) {
    try {
      const r = await fetchImpl(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(3000),
      });
      await r.body?.cancel();
      if (!r.ok && r.status !== 429) throw new Error(`HTTP ${r.status}`);
      if (failing) log(`${target} takes signals again`);
      failing = false;
    } catch (err) {
      // Signals are best effort: a control plane that is down loses them, never the page.
      if (!failing)
        log(`${target} did not take signals: ${err && err.message ? err.message : err}`);
      failing = true;
    }
  }

  return (req, res) => {
    let pathname;
    try {
      pathname = new URL(req.url || '/', 'http://x').pathname;
    } catch {
      return false;
    }
    if (pathname !== '/signals') return false;
    try {
      if (req.method !== 'POST') {
        res.setHeader('Allow', 'POST');
        answer(res, 405, 'POST a batch of signals here');
        return true;
      }
      const origin = req.headers.origin;
      if (origin && req.headers.host && new URL(origin).host !== req.headers.host) {
        answer(res, 403, 'signals are taken from this origin only');
        return true;
      }
      const site = req.headers['sec-fetch-site'];
      if (site && site !== 'same-origin') {
        answer(res, 403, 'signals are taken from this origin only');
        return true;
      }
      if (!/^(application\/json|text\/plain)\b/.test(String(req.headers['content-type'] || ''))) {
        answer(res, 415, 'the body must be JSON (text/plain or application/json)');
        return true;
      }
      if (!allow(req.socket.remoteAddress || 'unknown')) {
        answer(res, 429, 'too many signal beacons; slow down');
        req.resume();
        return true;
      }
      if (Number(req.headers['content-length'] || 0) > MAX_BYTES) {
        answer(res, 413, `a beacon is at most ${MAX_BYTES} bytes`);
        req.resume();
        return true;
      }
      const chunks = [];
      let size = 0;
      req.on('data', (chunk) => {
        size += chunk.length;
        if (size > MAX_BYTES) {
          answer(res, 413, `a beacon is at most ${MAX_BYTES} bytes`);
          req.destroy();
        } else chunks.push(chunk);
      });
      req.on('error', () => undefined);
      req.on('end', () => {
        if (res.headersSent) return;
        let batch;
        try {
          batch = checkBatch(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (err) {
          return answer(res, 400, err instanceof BadBatch ? err.message : 'the body is not JSON');
        }
        const current = source.read();
        const reports = stampArms(batch, current && current.doc, req.headers.cookie);
        void forward({ session: batch.session, reports });
        answer(res, 202);
      });
    } catch (err) {
      log(`POST /signals failed: ${err && err.message ? err.message : err}`);
      answer(res, 500, 'the signals could not be taken');
    }
    return true;
  };
}

module.exports = { signalsEndpoint, checkBatch, stampArms, MAX_BYTES };
