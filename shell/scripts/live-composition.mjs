/**
 * Where the shell's host gets its environment's composition document.
 *
 * - `fileComposition(file)`: a document on disk, read per request (tests, examples, a copy
 *   deployed by hand).
 * - `liveComposition({ controlPlane, environment })`: the document as the delivery control
 *   plane holds it (GET /v1/environments/{env}), revalidated in the background with its ETag
 *   every `pollMs` (a 304 costs the control plane one indexed read), so a compose reaches new
 *   page loads within a poll without a restart. Page loads never wait for the control plane:
 *   they get the last document the host has. That copy is also kept on disk, so a host
 *   restarted while the control plane is down still serves its environment, and the host says
 *   so (`status()`, shown on /versions) instead of failing.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A document on disk, read per request: a compose's atomic rewrite shows at the next load. */
export function fileComposition(file) {
  return {
    read() {
      let body;
      try {
        body = readFileSync(file);
      } catch {
        return null;
      }
      let doc = null;
      try {
        doc = JSON.parse(String(body));
      } catch {
        // An unreadable document is served as it is, for the shell to report.
      }
      return { body, doc };
    },
    status: () => ({ source: 'file' }),
    headers: () => ({}),
    stop() {},
  };
}

/** Where a host keeps the last document it had, by control plane and environment. */
export function defaultLastGoodFile(controlPlane, environment) {
  const key = createHash('sha256').update(controlPlane).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), 'streamflix-shell-host', `${environment}-${key}.json`);
}

function writeAtomically(file, data) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(data));
  renameSync(temp, file);
}

const isDocument = (d) =>
  typeof d === 'object' && d !== null && typeof d.remotes === 'object' && d.remotes !== null;

/**
 * @param {{
 *   controlPlane: string, environment: string, lastGoodFile?: string, pollMs?: number,
 *   timeoutMs?: number, fetch?: typeof fetch, now?: () => Date,
 *   log?: (line: string) => void,
 * }} options
 */
export function liveComposition({
  controlPlane,
  environment,
  lastGoodFile = defaultLastGoodFile(controlPlane, environment),
  pollMs = 2000,
  timeoutMs = 4000,
  fetch: fetchImpl = globalThis.fetch,
  now = () => new Date(),
  log = (line) => console.error(`[shell host] ${line}`),
}) {
  const base = controlPlane.replace(/\/+$/, '');
  const url = `${base}/v1/environments/${encodeURIComponent(environment)}`;
  /** @type {{ doc: object, body: Buffer, revision: number, etag: string | null } | null} */
  let current = null;
  let fromDisk = false;
  let checkedAt = null;
  /** When the control plane stopped answering (or refused), and why; null while it answers. */
  let failingSince = null;
  let problem = null;
  let inflight = null;
  let lastAttempt = 0;

  const adopt = (doc, revision, etag) => {
    current = { doc, body: Buffer.from(JSON.stringify(doc)), revision, etag };
  };

  try {
    const saved = JSON.parse(readFileSync(lastGoodFile, 'utf8'));
    if (saved.environment === environment && isDocument(saved.document)) {
      adopt(saved.document, saved.revision, saved.etag ?? null);
      fromDisk = true;
    }
  } catch {
    // No copy yet: the first answer makes one.
  }

  const fail = (why) => {
    if (!failingSince) {
      failingSince = now();
      log(
        `${url}: ${why}; ${current ? `serving revision ${current.revision}` : 'no document to serve yet'}`,
      );
    }
    problem = why;
  };

  async function check() {
    lastAttempt = Date.now();
    let res;
    try {
      res = await fetchImpl(url, {
        headers: current?.etag ? { 'if-none-match': current.etag } : {},
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      return fail(`unreachable (${err?.cause?.code ?? err?.message ?? err})`);
    }
    if (res.status === 304) {
      await res.body?.cancel();
      fromDisk = false;
    } else if (res.ok) {
      let view;
      try {
        view = await res.json();
      } catch {
        return fail('answered something that is not JSON');
      }
      if (!isDocument(view?.document) || !Number.isInteger(view.revision))
        return fail('answered something that is not an environment');
      const changed = view.revision !== current?.revision;
      adopt(view.document, view.revision, res.headers.get('etag'));
      fromDisk = false;
      try {
        writeAtomically(lastGoodFile, {
          controlPlane: base,
          environment,
          revision: view.revision,
          etag: current.etag,
          savedAt: now().toISOString(),
          document: view.document,
        });
      } catch (err) {
        log(`could not keep the last good document in ${lastGoodFile}: ${err.message}`);
      }
      if (changed) log(`${environment} is at revision ${view.revision}`);
    } else {
      await res.body?.cancel();
      return fail(
        res.status === 404 ? `has no environment "${environment}"` : `answered HTTP ${res.status}`,
      );
    }
    if (failingSince) log(`${url} answers again (revision ${current.revision})`);
    failingSince = null;
    problem = null;
    checkedAt = now();
  }

  /** One check at a time; callers share the one under way. */
  const revalidate = () => {
    inflight ??= check().finally(() => {
      inflight = null;
    });
    return inflight;
  };
  const timer = setInterval(revalidate, pollMs);
  timer.unref();
  const ready = revalidate();

  return {
    /** The first answer (or failure) of the control plane. */
    ready,
    revalidate,
    read() {
      // A request after a quiet spell (a timer delayed by a busy machine) asks again; it does
      // not wait: this request gets the copy the host has.
      if (Date.now() - lastAttempt > pollMs) void revalidate();
      return current ? { body: current.body, doc: current.doc } : null;
    },
    status: () => ({
      source: 'control-plane',
      controlPlane: base,
      environment,
      revision: current?.revision ?? null,
      checkedAt: checkedAt?.toISOString() ?? null,
      reachable: failingSince === null && checkedAt !== null,
      failingSince: failingSince?.toISOString() ?? null,
      problem,
      fromDisk,
    }),
    headers: () => ({
      ...(current ? { 'X-Composition-Revision': String(current.revision) } : {}),
      ...(failingSince ? { 'X-Control-Plane-Failing-Since': failingSince.toISOString() } : {}),
    }),
    stop() {
      clearInterval(timer);
    },
  };
}
