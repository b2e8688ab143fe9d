import {
  createInstance,
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import {
  fetchManifest,
  formatGateReport,
  remoteEntryUrl,
  runGate,
  type BuildInfo,
  REMOTE_NAMES,
  type CompositionDocument,
  type RemoteEntry,
  type RemoteName,
} from '@streamflix/composition';
import { fetchWithEarlyManifest } from './early-manifest';
import { activeOverrides, previewOverride } from './overrides';
import { loggedInRoutes, loggedOutRoutes, isRedirect } from '../routing/route-tables';

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  constructor(
    readonly remote: RemoteName,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** How long a remote may take before the viewer is offered a retry. */
export const REMOTE_TIMEOUT_MS = 15_000;

export type RemoteSource = 'environment' | 'override' | 'fallback';

/** What the shell decided for one remote, shown on /versions. */
export interface RemoteStatus {
  remote: RemoteName;
  /** The version the environment's document expects. */
  expected: string;
  /** The manifest actually used (or last tried). */
  manifest: string;
  source: RemoteSource;
  mount: 'pending' | 'federated' | 'isolated' | 'unavailable';
  gate: 'pending' | 'passed' | 'refused';
  /** Every refusal on the way to this choice (a refused override, a refused version…). */
  problems: string[];
  build?: BuildInfo;
  integrity?: string;
  /** Time from the first request for a screen to its module being ready. */
  loadMs?: number;
}

interface Resolution {
  mount: 'federated' | 'isolated';
  load: <T>(expose: string) => Promise<T | null>;
  /** The manifest chosen, as fetched (for asset prefetching). */
  manifestUrl?: string;
}

/** The versions the shell itself provides, compiled in from its own build. */
const provided = (): Record<string, string> =>
  JSON.parse(process.env.SHARED_PROVIDED ?? '{}') as Record<string, string>;

let composition: CompositionDocument | null = null;
const statuses = new Map<RemoteName, RemoteStatus>();
const resolutions = new Map<RemoteName, Promise<Resolution>>();
const listeners = new Set<() => void>();
/** Manifests fetched by the gate, handed to the federation runtime so each is fetched once. */
const manifests = new Map<string, unknown>();
/** Remote entry URL → the SHA-384 the document recorded for it. */
const integrities = new Map<string, string>();

const notify = () => listeners.forEach((l) => l());

export function subscribeStatuses(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let snapshot: RemoteStatus[] = [];
export function getStatuses(): RemoteStatus[] {
  return snapshot;
}

function update(remote: RemoteName, patch: Partial<RemoteStatus>) {
  const current = statuses.get(remote);
  if (!current) return;
  statuses.set(remote, { ...current, ...patch });
  snapshot = REMOTE_NAMES.map((n) => statuses.get(n)!).filter(Boolean);
  notify();
}

/**
 * The shell's federation runtime plugin: the gate's manifest is reused instead
 * of fetched again, and a remote entry with a recorded SHA-384 is loaded with
 * `integrity`, so bytes changed after the gate are refused by the browser.
 */
export function deliveryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'streamflix-delivery',
    fetch(url) {
      if (!manifests.has(url)) return undefined;
      return Promise.resolve(
        new Response(JSON.stringify(manifests.get(url)), {
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    },
    createScript({ url, attrs }) {
      const integrity = integrities.get(url);
      if (!integrity) return undefined;
      const script = document.createElement('script');
      for (const [k, v] of Object.entries(attrs ?? {})) script.setAttribute(k, String(v));
      script.src = url;
      script.integrity = integrity;
      // Subresource integrity on a cross-origin script needs a CORS fetch.
      script.crossOrigin = 'anonymous';
      return script;
    },
  };
}

/** The screens the shell's route tables map to each remote: the gate requires them. */
export function requiredExposes(remote: RemoteName): string[] {
  const names = new Set<string>();
  for (const r of [...loggedInRoutes, ...loggedOutRoutes])
    if (!isRedirect(r) && r.remote === remote) names.add(r.expose);
  return [...names].sort();
}

let pluginRegistered = false;

/** Keep the environment's document; remotes are gated and registered on first use. */
export function registerComposition(doc: CompositionDocument): void {
  composition = doc;
  resolutions.clear();
  if (!pluginRegistered) {
    registerPlugins([deliveryPlugin()]);
    pluginRegistered = true;
  }
  const overrides = activeOverrides(doc);
  for (const name of REMOTE_NAMES) {
    const override = overrides[name];
    statuses.set(name, {
      remote: name,
      expected: doc.remotes[name].version,
      manifest: override ?? doc.remotes[name].manifest,
      source: override ? 'override' : 'environment',
      mount: 'pending',
      gate: 'pending',
      problems: [],
    });
  }
  snapshot = REMOTE_NAMES.map((n) => statuses.get(n)!);
  // Staging operators can see what composed: window.__STREAMFLIX_COMPOSITION__.
  (window as unknown as { __STREAMFLIX_COMPOSITION__: unknown }).__STREAMFLIX_COMPOSITION__ = {
    environment: doc.environment,
    remotes: statuses,
  };
  notify();
}

export function getComposition(): CompositionDocument | null {
  return composition;
}

interface Candidate {
  source: RemoteSource;
  entry: Omit<RemoteEntry, 'fallback'>;
}

function candidatesFor(doc: CompositionDocument, remote: RemoteName): Candidate[] {
  const entry = doc.remotes[remote];
  const override = activeOverrides(doc)[remote];
  const list: Candidate[] = [];
  // An override is this browser trying a build: the version it carries is whatever it is.
  // A preview link names the version it was signed for ('*' when made from a manifest URL).
  const signed = previewOverride();
  const version = signed?.remote === remote && signed.manifest === override ? signed.version : '*';
  if (override)
    list.push({
      source: 'override',
      entry: { manifest: override, version, mount: entry.mount },
    });
  list.push({ source: 'environment', entry });
  if (entry.fallback) list.push({ source: 'fallback', entry: entry.fallback });
  return list;
}

/**
 * A remote mounted isolated gets its own federation instance with an empty
 * share scope, so it brings its own React, router, jotai and query client:
 * nothing the shell provides has to satisfy its ranges.
 */
function isolatedLoader(remote: RemoteName, manifest: string): Resolution['load'] {
  const instance = createInstance({
    name: `shell_isolated_${remote}`,
    remotes: [{ name: remote, entry: manifest }],
    shared: {},
    plugins: [deliveryPlugin()],
  });
  return <T>(expose: string) => instance.loadRemote<T>(`${remote}/${expose}`);
}

function report(remote: RemoteName, status: RemoteStatus) {
  // This module runs in the shell's entry, before the async boundary that lets the federation
  // runtime share @streamflix/shared, so the shared package is only reached asynchronously.
  void import('@streamflix/shared').then(({ track }) =>
    track('remote_composed', {
      remote,
      source: status.source,
      mount: status.mount,
      gate: status.gate,
      version: status.build?.version,
      problems: status.problems.length,
    }),
  );
}

/**
 * Fetch each candidate's manifest once and run the compatibility gate: the
 * first that passes is mounted federated; one whose only problems are shared
 * ranges is mounted isolated if it exposes lifecycles; otherwise the next
 * candidate (environment after an override, then the document's fallback).
 */
async function resolve(remote: RemoteName): Promise<Resolution> {
  const doc = composition;
  if (!doc) throw new RemoteLoadError(remote, 'No composition document is loaded.');
  const problems: string[] = [];
  for (const candidate of candidatesFor(doc, remote)) {
    const { entry, source } = candidate;
    const label = source === 'environment' ? entry.manifest : `${source} ${entry.manifest}`;
    update(remote, { manifest: entry.manifest, source });
    const fetched = await fetchManifest(entry.manifest, fetchWithEarlyManifest);
    if (fetched.problem) {
      problems.push(`${label}: ${fetched.problem}`);
      continue;
    }
    const gate = runGate({
      remote,
      manifest: fetched.json,
      requiredExposes: requiredExposes(remote),
      provided: provided(),
      expectedVersion: entry.version === '*' ? undefined : entry.version,
    });
    const onlyShared = gate.problems.length === gate.sharedProblems.length;
    const isolated =
      entry.mount === 'isolated' || (!gate.ok && onlyShared && gate.manifest?.isolatable);
    if (!gate.ok) {
      console.warn(`[composition] ${formatGateReport(remote, gate)}`);
      if (!isolated || !gate.manifest?.isolatable) {
        problems.push(...gate.problems.map((p) => `${label}: ${p}`));
        continue;
      }
    }
    if (isolated && !gate.manifest?.isolatable) {
      problems.push(`${label}: it cannot be mounted isolated (it exposes no lifecycles)`);
      continue;
    }
    manifests.set(entry.manifest, fetched.json);
    const entryUrl = remoteEntryUrl(entry.manifest, fetched.json);
    if (entryUrl && entry.integrity) integrities.set(entryUrl, entry.integrity);
    if (!gate.ok) problems.push(...gate.problems.map((p) => `${label}: ${p}`));
    update(remote, {
      mount: isolated ? 'isolated' : 'federated',
      gate: gate.ok ? 'passed' : 'refused',
      build: gate.manifest?.build,
      integrity: entry.integrity,
      problems,
    });
    if (problems.length)
      console.warn(
        `[composition] ${remote}: using the ${source} build${isolated ? ', mounted isolated' : ''}.`,
      );
    report(remote, statuses.get(remote)!);
    if (isolated) return { mount: 'isolated', load: isolatedLoader(remote, entry.manifest) };
    registerRemotes([{ name: remote, entry: entry.manifest }], { force: true });
    return {
      mount: 'federated',
      manifestUrl: entry.manifest,
      load: <T>(expose: string) => loadRemote<T>(`${remote}/${expose}`),
    };
  }
  update(remote, { mount: 'unavailable', gate: 'refused', problems });
  report(remote, statuses.get(remote)!);
  console.error(
    `[composition] ${remote} has no build this shell can run:\n  ${problems.join('\n  ')}`,
  );
  throw new RemoteLoadError(remote, `No build of ${remote} passed the compatibility gate.`);
}

/** Decide (once per page load) which build of a remote runs, and how. */
export function resolveRemote(remote: RemoteName): Promise<Resolution> {
  let pending = resolutions.get(remote);
  if (!pending) {
    pending = resolve(remote);
    resolutions.set(remote, pending);
  }
  return pending;
}

function withTimeout<T>(promise: Promise<T>, remote: RemoteName, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new RemoteLoadError(
            remote,
            `${remote} did not answer within ${Math.round(ms / 1000)} s.`,
          ),
        ),
      ms,
    );
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** Load one exposed module of a remote, e.g. loadExposed('mf_catalog', 'Home'). */
export async function loadExposed<T>(
  remote: RemoteName,
  expose: string,
  timeoutMs = REMOTE_TIMEOUT_MS,
): Promise<T> {
  const started = performance.now();
  try {
    const mod = await withTimeout(
      resolveRemote(remote).then((r) => r.load<T>(expose)),
      remote,
      timeoutMs,
    );
    if (!mod) throw new RemoteLoadError(remote, `${remote} has no screen named "${expose}".`);
    if (statuses.get(remote)?.loadMs === undefined)
      update(remote, { loadMs: Math.round(performance.now() - started) });
    return mod;
  } catch (err) {
    if (err instanceof RemoteLoadError) throw err;
    throw new RemoteLoadError(remote, `${remote} could not be loaded.`, err);
  }
}

/**
 * Forget a remote that failed so the next attempt fetches its manifest and
 * entry again (the runtime otherwise remembers the failure).
 */
export function resetRemote(remote: RemoteName): void {
  if (!composition) return;
  const status = statuses.get(remote);
  if (status) manifests.delete(status.manifest);
  resolutions.delete(remote);
  update(remote, { mount: 'pending', gate: 'pending', problems: [], loadMs: undefined });
}

/**
 * A federated remote's manifest as the gate passed it (for prefetching its files), and whether
 * its entry is integrity-pinned (then fetched in CORS mode). Resolves the remote but runs none of
 * its code. Null for an isolated mount.
 */
export async function federatedManifest(
  remote: RemoteName,
): Promise<{ manifestUrl: string; manifest: unknown; entryCors: boolean } | null> {
  const { mount, manifestUrl } = await resolveRemote(remote);
  const manifest = manifestUrl ? manifests.get(manifestUrl) : undefined;
  if (mount !== 'federated' || !manifestUrl || !manifest) return null;
  const entryUrl = remoteEntryUrl(manifestUrl, manifest);
  return { manifestUrl, manifest, entryCors: !!entryUrl && integrities.has(entryUrl) };
}
