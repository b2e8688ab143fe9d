import { REMOTE_NAMES, type RemoteName } from './remotes';

/**
 * The composition document: which remote runs where, for one environment.
 * Changing a remote's version in staging or production means editing this
 * document, never rebuilding the shell.
 */

export interface RemoteEntry {
  /** URL of the remote's mf-manifest.json (any origin). */
  manifest: string;
  /** The version (or semver range) this environment expects. */
  version: string;
  /**
   * 'federated' (default): screens render in the shell's React tree with shared singletons.
   * 'isolated': mounted through the remote's single-spa lifecycles in its own React root,
   * for a remote whose shared ranges the shell cannot satisfy.
   */
  mount?: 'federated' | 'isolated';
  /** SHA-384 of the remote entry, recorded by the compose step (`sha384-<base64>`). */
  integrity?: string;
  /** The last known-good entry, used when this one fails the gate at run time. */
  fallback?: Omit<RemoteEntry, 'fallback'>;
}

/** One change the compose CLI made, kept for rollback and for the record. */
export interface HistoryRecord {
  at: string;
  remote: RemoteName;
  action: 'set' | 'rollback';
  previous: RemoteEntry;
  next: RemoteEntry;
}

export interface CompositionDocument {
  environment: string;
  api: string;
  remotes: Record<RemoteName, RemoteEntry>;
  /** The environment's shell's mf-manifest.json: what it provides, for the compose gate. */
  shell?: string;
  /** Base URL of the deployment store: `<store>/<remote>/<version>/mf-manifest.json`. */
  store?: string;
  /**
   * Origins a browser may point a remote at for itself (`?override=`). No list,
   * no overrides: production documents leave it out.
   */
  overrides?: { allowedOrigins: string[] };
  history?: HistoryRecord[];
  services: {
    stripePublishableKey?: string;
    firebase?: Record<string, string>;
    vapidKey?: string;
    analyticsId?: string;
    amplitudeApiKey?: string;
    /** A customer-chat provider's snippet is chosen by name and given its id; absent means the local help widget. */
    chat?: { provider: string; id: string };
  };
}

export class CompositionError extends Error {
  override name = 'CompositionError';
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const INTEGRITY = /^sha384-[A-Za-z0-9+/]{64}$/;

function entryProblems(label: string, entry: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (!isHttpUrl(entry.manifest))
    problems.push(`remote "${label}": "manifest" must be an http(s) URL`);
  if (typeof entry.version !== 'string' || !entry.version)
    problems.push(`remote "${label}": "version" must be a string`);
  if (entry.mount !== undefined && entry.mount !== 'federated' && entry.mount !== 'isolated')
    problems.push(`remote "${label}": "mount" must be "federated" or "isolated"`);
  if (
    entry.integrity !== undefined &&
    !(typeof entry.integrity === 'string' && INTEGRITY.test(entry.integrity))
  )
    problems.push(`remote "${label}": "integrity" must be "sha384-" and 64 base64 characters`);
  return problems;
}

function readEntry(entry: Record<string, unknown>): Omit<RemoteEntry, 'fallback'> {
  return {
    manifest: String(entry.manifest),
    version: String(entry.version),
    mount: (entry.mount as RemoteEntry['mount']) ?? 'federated',
    ...(typeof entry.integrity === 'string' ? { integrity: entry.integrity } : {}),
  };
}

/** Validate an untrusted document; every problem is named so an operator can fix it. */
export function parseCompositionDocument(input: unknown): CompositionDocument {
  if (!isObject(input))
    throw new CompositionError('The composition document is not a JSON object.');
  const problems: string[] = [];
  if (typeof input.environment !== 'string' || !input.environment)
    problems.push('"environment" must be a non-empty string');
  if (!isHttpUrl(input.api)) problems.push('"api" must be an http(s) URL');
  const remotes = isObject(input.remotes) ? input.remotes : undefined;
  if (!remotes) problems.push('"remotes" must be an object');
  const parsed: Partial<Record<RemoteName, RemoteEntry>> = {};
  for (const name of REMOTE_NAMES) {
    const entry = remotes?.[name];
    if (!isObject(entry)) {
      if (remotes) problems.push(`remote "${name}" is missing`);
      continue;
    }
    if (!isHttpUrl(entry.manifest))
      problems.push(`remote "${name}": "manifest" must be an http(s) URL`);
    if (typeof entry.version !== 'string' || !entry.version)
      problems.push(`remote "${name}": "version" must be a string`);
    problems.push(...entryProblems(name, entry));
    const fallback = isObject(entry.fallback) ? entry.fallback : undefined;
    if (entry.fallback !== undefined) {
      if (!fallback) problems.push(`remote "${name}": "fallback" must be an object`);
      else problems.push(...entryProblems(`${name}.fallback`, fallback));
    }
    parsed[name] = {
      ...readEntry(entry),
      ...(fallback ? { fallback: readEntry(fallback) } : {}),
    };
  }
  for (const key of ['shell', 'store'] as const)
    if (input[key] !== undefined && !isHttpUrl(input[key]))
      problems.push(`"${key}" must be an http(s) URL`);
  let allowedOrigins: string[] | undefined;
  if (input.overrides !== undefined) {
    const list = isObject(input.overrides) ? input.overrides.allowedOrigins : undefined;
    if (!Array.isArray(list) || !list.every(isHttpUrl))
      problems.push('"overrides.allowedOrigins" must be a list of http(s) origins');
    else allowedOrigins = list.map((o) => new URL(o).origin);
  }
  if (problems.length)
    throw new CompositionError(`Invalid composition document: ${problems.join('; ')}.`);
  const services = isObject(input.services) ? input.services : {};
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return {
    environment: String(input.environment),
    api: String(input.api).replace(/\/+$/, ''),
    remotes: parsed as Record<RemoteName, RemoteEntry>,
    ...(str(input.shell) ? { shell: String(input.shell) } : {}),
    ...(str(input.store) ? { store: String(input.store).replace(/\/+$/, '') } : {}),
    ...(allowedOrigins ? { overrides: { allowedOrigins } } : {}),
    ...(Array.isArray(input.history) ? { history: input.history as HistoryRecord[] } : {}),
    services: {
      stripePublishableKey: str(services.stripePublishableKey),
      vapidKey: str(services.vapidKey),
      analyticsId: str(services.analyticsId),
      amplitudeApiKey: str(services.amplitudeApiKey),
      chat:
        isObject(services.chat) && str(services.chat.provider) && str(services.chat.id)
          ? { provider: String(services.chat.provider), id: String(services.chat.id) }
          : undefined,
      firebase: isObject(services.firebase)
        ? (services.firebase as Record<string, string>)
        : undefined,
    },
  };
}

/** The document the shell's host inlined into index.html, if it did. */
export function readInlineCompositionDocument(
  doc: Document = document,
): CompositionDocument | null {
  const el = doc.getElementById('sf-composition');
  if (!el?.textContent) return null;
  let json: unknown;
  try {
    json = JSON.parse(el.textContent);
  } catch {
    throw new CompositionError('The inlined composition document is not valid JSON.');
  }
  return parseCompositionDocument(json);
}

export async function loadCompositionDocument(
  url = '/composition.json',
  fetchImpl: typeof fetch = fetch,
): Promise<CompositionDocument> {
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-cache' });
  } catch {
    throw new CompositionError(`The composition document (${url}) could not be fetched.`);
  }
  if (!response.ok)
    throw new CompositionError(
      `The composition document (${url}) answered HTTP ${response.status}.`,
    );
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new CompositionError(`The composition document (${url}) is not valid JSON.`);
  }
  return parseCompositionDocument(json);
}
