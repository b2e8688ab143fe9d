/**
 * Which arm of each remote's canary a viewer is on, and the composition document that viewer gets.
 *
 * The environment document may hold, per remote, a `canary` ({ entry, percent, startedAt }) beside the
 * stable entry (the control plane's schema, delivery/src/control-plane/schemas.ts). The shell's host
 * resolves it per request: the viewer's key is hashed by flagd's `fractional` rule
 * (`@openfeature/flagd-core`: MurmurHash3 of `${remote}:${viewerKey}`, so each remote has its own
 * buckets), and the viewer is in the canary iff its bucket is below the percent. The boundary is
 * fixed (canary weights first, out of a constant total), so raising the percent only adds viewers.
 * The shell never sees a `canary`: it gets a plain document whose entry is the arm's (on the canary
 * arm, with the stable entry as the run-time fallback), and nothing of this runs in its JavaScript.
 *
 * Plain Node (CommonJS) so that the host (serve.mjs), the benchmark and jest load the same file.
 */
const { randomUUID } = require('node:crypto');
const { FlagdCore } = require('@openfeature/flagd-core');

/** The first-party cookie that holds the viewer's bucketing key. */
const VIEWER_COOKIE = 'sf_viewer';
/** A year: the viewer keeps its buckets across sessions, so its arm does not flip between visits. */
const VIEWER_COOKIE_MAX_AGE = 365 * 24 * 3600;
/** Weights per percent: buckets of 1/10,000 (a percent is 100 of them). */
const SCALE = 100;
const TOTAL = 100 * SCALE;
const VIEWER_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** The viewer's key from a Cookie header, or null when absent or not one this host sets. */
function viewerKeyFromCookie(header) {
  if (!header) return null;
  for (const part of String(header).split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== VIEWER_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return VIEWER_KEY.test(value) ? value : null;
  }
  return null;
}

/**
 * The viewer's key for this request, and the Set-Cookie header when the host has just given one.
 * The key is kept as it is when the viewer signs in (the host cannot see the account: the session is
 * the API's, on its own origin), so signing in never moves a viewer between arms.
 */
function viewerOf(cookieHeader, { secure = false } = {}) {
  const known = viewerKeyFromCookie(cookieHeader);
  if (known) return { key: known, setCookie: null };
  const key = randomUUID().replace(/-/g, '');
  const attributes = [`Max-Age=${VIEWER_COOKIE_MAX_AGE}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return { key, setCookie: `${VIEWER_COOKIE}=${key}; ${attributes.join('; ')}` };
}

const validPercent = (p) => typeof p === 'number' && Number.isFinite(p) && p > 0 && p <= 100;

/** The remotes with a canary to evaluate: a well-formed entry and a percent in (0, 100]. */
function canariesOf(doc) {
  const remotes = doc && typeof doc === 'object' ? doc.remotes : null;
  if (!remotes || typeof remotes !== 'object') return [];
  const out = [];
  for (const name of Object.keys(remotes)) {
    const canary = remotes[name] && remotes[name].canary;
    if (
      canary &&
      typeof canary === 'object' &&
      canary.entry &&
      typeof canary.entry.manifest === 'string' &&
      validPercent(canary.percent)
    )
      out.push({ remote: name, canary });
  }
  return out;
}

/** flagd flag definitions: one flag per remote, canary weights first so the boundary is fixed. */
function flagsFor(canaries) {
  const flags = {};
  for (const { remote, canary } of canaries) {
    const weight = Math.round(canary.percent * SCALE);
    flags[remote] = {
      state: 'ENABLED',
      variants: { canary: 'canary', stable: 'stable' },
      defaultVariant: 'stable',
      targeting: {
        fractional: [
          { cat: [{ var: '$flagd.flagKey' }, ':', { var: 'targetingKey' }] },
          ['canary', weight],
          ['stable', TOTAL - weight],
        ],
      },
    };
  }
  return { flags };
}

/** The last flag set, by the remotes and percents it was made from (documents change rarely). */
let cached = { signature: '', core: null };
function coreFor(canaries) {
  const signature = canaries.map((c) => `${c.remote}=${c.canary.percent}`).join('&');
  if (cached.signature !== signature) {
    const core = new FlagdCore();
    core.setConfigurations(JSON.stringify(flagsFor(canaries)));
    cached = { signature, core };
  }
  return cached.core;
}

/** 'canary' or 'stable' for one remote's canary and one viewer, by flagd's fractional rule. */
function armOf(core, remote, viewerKey) {
  return core.resolveStringEvaluation(remote, 'stable', { targetingKey: viewerKey }).value ===
    'canary'
    ? 'canary'
    : 'stable';
}

const withoutCanary = ({ canary: _canary, ...entry }) => entry;

/**
 * The document `viewerKey` gets and the arm of every remote. Remotes without a canary are 'stable'
 * and left as they are; a document without any canary is returned as it is (the same object).
 */
function resolveArms(doc, viewerKey) {
  const canaries = canariesOf(doc);
  const arms = {};
  const remotes = doc && typeof doc === 'object' && doc.remotes ? doc.remotes : {};
  for (const name of Object.keys(remotes))
    arms[name] = { arm: 'stable', version: remotes[name] && remotes[name].version };
  if (canaries.length === 0) {
    // Malformed canaries are dropped, never served to the shell.
    const stray = Object.keys(remotes).some((n) => remotes[n] && remotes[n].canary !== undefined);
    if (!stray) return { doc, arms };
  }
  const core = canaries.length ? coreFor(canaries) : null;
  const resolved = {};
  for (const name of Object.keys(remotes)) {
    const entry = remotes[name];
    resolved[name] = entry && typeof entry === 'object' ? withoutCanary(entry) : entry;
  }
  for (const { remote, canary } of canaries) {
    const stable = resolved[remote];
    const arm = canary.percent >= 100 ? 'canary' : armOf(core, remote, viewerKey);
    arms[remote] = {
      arm,
      version: arm === 'canary' ? canary.entry.version : stable.version,
      percent: canary.percent,
      canaryVersion: canary.entry.version,
      stableVersion: stable.version,
    };
    if (arm === 'canary') {
      const { fallback: _fallback, ...previous } = stable;
      resolved[remote] = { ...withoutCanary(canary.entry), fallback: previous };
    }
  }
  return { doc: { ...doc, remotes: resolved }, arms };
}

module.exports = {
  VIEWER_COOKIE,
  viewerKeyFromCookie,
  viewerOf,
  resolveArms,
  flagsFor,
  canariesOf,
};
