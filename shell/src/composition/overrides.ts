import { REMOTE_NAMES, type CompositionDocument, type RemoteName } from '@streamflix/composition';

/**
 * Per-browser overrides: one browser points a remote at another manifest (a
 * pull-request build, a teammate's machine) without affecting anyone else.
 * Set with `?override=mf_player=<manifest url>`, cleared with `?override=reset`
 * or the pill's Reset button. Only origins the environment's document lists
 * are accepted; a document without a list turns overrides off.
 */
export const OVERRIDES_KEY = 'sf-overrides';

export type Overrides = Partial<Record<RemoteName, string>>;

/**
 * A preview link's build (`?preview=<token>`, verified by the shell's host: delivery/preview-link.ts),
 * kept in this tab's sessionStorage until Reset or its expiry.
 */
export const PREVIEW_KEY = 'sf-preview';

export interface PreviewOverride {
  remote: RemoteName;
  manifest: string;
  /** The exact version the gate expects of the build, or '*'. */
  version: string;
  expiresAt: string;
}

let preview: PreviewOverride | null = null;

/** This tab's verified preview, while it has not expired. */
export function previewOverride(now = Date.now()): PreviewOverride | null {
  return preview && Date.parse(preview.expiresAt) > now ? preview : null;
}

export function setPreviewOverride(value: PreviewOverride | null): void {
  preview = value;
}

/** A refusal to show on the pill (a preview link the host refused says why). */
export function setOverrideRefusal(message: string): void {
  refusal = message;
}

/** Why an override from the URL was refused, for the pill to say. */
let refusal: string | null = null;

function allowedOrigin(doc: CompositionDocument, url: string): boolean {
  const origins = doc.overrides?.allowedOrigins ?? [];
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && origins.includes(u.origin);
  } catch {
    return false;
  }
}

function readStored(storage: Storage): Overrides {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(OVERRIDES_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const out: Overrides = {};
    for (const name of REMOTE_NAMES) {
      const v = (parsed as Record<string, unknown>)[name];
      if (typeof v === 'string') out[name] = v;
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * Apply `?override=` from the address (then drop it from the address bar so
 * links and bookmarks stay clean). Returns the refusal, if any.
 */
export function applyOverrideParams(
  doc: CompositionDocument,
  loc: Pick<Location, 'search' | 'pathname' | 'hash'> = location,
  storage: Storage = localStorage,
  replaceUrl: (url: string) => void = (url) => history.replaceState(history.state, '', url),
): string | null {
  const params = new URLSearchParams(loc.search);
  const values = params.getAll('override');
  if (!values.length) return refusal;
  const stored = readStored(storage);
  for (const value of values) {
    if (value === 'reset') {
      for (const name of REMOTE_NAMES) delete stored[name];
      continue;
    }
    const eq = value.indexOf('=');
    const name = value.slice(0, eq) as RemoteName;
    const url = value.slice(eq + 1);
    if (eq < 0 || !REMOTE_NAMES.includes(name)) {
      refusal = `Override refused: "${value.slice(0, 40)}" does not name a remote (use override=<remote>=<manifest URL>, the remote one of ${REMOTE_NAMES.join(', ')}).`;
    } else if (!doc.overrides?.allowedOrigins.length) {
      refusal = `Override refused: overrides are off in the ${doc.environment} environment.`;
    } else if (!allowedOrigin(doc, url)) {
      refusal = `Override refused: ${url.slice(0, 120)} is not on an origin this environment allows.`;
    } else {
      stored[name] = url;
    }
  }
  storage.setItem(OVERRIDES_KEY, JSON.stringify(stored));
  params.delete('override');
  const rest = params.toString();
  replaceUrl(`${loc.pathname}${rest ? `?${rest}` : ''}${loc.hash}`);
  return refusal;
}

/** The stored overrides this document still allows (the list may have changed since). */
export function activeOverrides(
  doc: CompositionDocument,
  storage: Storage | undefined = typeof localStorage === 'undefined' ? undefined : localStorage,
): Overrides {
  const out: Overrides = {};
  if (storage && doc.overrides?.allowedOrigins.length) {
    const stored = readStored(storage);
    for (const name of REMOTE_NAMES) {
      const url = stored[name];
      if (url && allowedOrigin(doc, url)) out[name] = url;
    }
  }
  // A signed link was checked by the host: it needs no allowed origin, and wins for its remote.
  const signed = previewOverride();
  if (signed) out[signed.remote] = signed.manifest;
  return out;
}

export function overrideRefusal(): string | null {
  return refusal;
}

export function dismissRefusal(): void {
  refusal = null;
}

export function clearOverrides(
  storage: Storage = localStorage,
  session: Storage | undefined = typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
): void {
  storage.removeItem(OVERRIDES_KEY);
  session?.removeItem(PREVIEW_KEY);
  preview = null;
}
