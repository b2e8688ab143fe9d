import { REMOTE_NAMES, type RemoteName } from '@streamflix/composition';
import {
  PREVIEW_KEY,
  setOverrideRefusal,
  setPreviewOverride,
  type PreviewOverride,
} from './overrides';

/**
 * A preview link (`?preview=<token>`, signed by the delivery control plane): the shell's host verifies
 * the token with the control plane's public keys (GET /preview.json, shell/scripts/preview-links.cjs);
 * a valid one composes its build for this tab, through the same gate as a manual override, until Reset
 * or its expiry; a refused one says why on the override pill and the environment's builds run.
 * The token is kept in this tab's sessionStorage, and checked again at every start of the tab.
 * Loaded only when a page carries a link (startup.ts), so no other start pays for it.
 */

type Verdict =
  | { ok: true; remote: string; manifest: string; version: string; expiresAt: string }
  | { ok: false; reason?: string; message: string };

interface Stored {
  token: string;
}

export const PREVIEW_PARAM = 'preview';

function storedToken(session: Storage): string | null {
  try {
    const parsed = JSON.parse(session.getItem(PREVIEW_KEY) ?? 'null') as Stored | null;
    return typeof parsed?.token === 'string' ? parsed.token : null;
  } catch {
    return null;
  }
}

/**
 * Checks this start's preview link with the host and applies it (or its refusal). Never throws: a
 * link that cannot be checked leaves the environment's builds in place, and says so.
 */
export async function takePreview(
  loc: Pick<Location, 'search' | 'pathname' | 'hash'> = location,
  session: Storage = sessionStorage,
  fetchImpl: typeof fetch = fetch,
  replaceUrl: (url: string) => void = (url) => history.replaceState(history.state, '', url),
  retryAfterMs = 1000,
): Promise<PreviewOverride | null> {
  const params = new URLSearchParams(loc.search);
  const fromAddress = params.get(PREVIEW_PARAM);
  if (fromAddress !== null) {
    // The token leaves the address bar: a link copied from it afterwards is the page, not the preview.
    params.delete(PREVIEW_PARAM);
    const rest = params.toString();
    replaceUrl(`${loc.pathname}${rest ? `?${rest}` : ''}${loc.hash}`);
  }
  const token = fromAddress ?? storedToken(session);
  if (!token) return null;
  const ask = async (): Promise<Verdict> => {
    try {
      const res = await fetchImpl(`/preview.json?token=${encodeURIComponent(token)}`, {
        cache: 'no-store',
      });
      return (await res.json()) as Verdict;
    } catch {
      return { ok: false, message: 'It could not be checked (the site did not answer).' };
    }
  };
  let verdict = await ask();
  // A key the host does not hold yet (the control plane rotated it): the miss makes the host fetch
  // the keys again, so one more ask a moment later usually verifies.
  if (!verdict.ok && verdict.reason === 'unknown-key') {
    await new Promise((r) => setTimeout(r, retryAfterMs));
    verdict = await ask();
  }
  if (!verdict.ok || !REMOTE_NAMES.includes(verdict.remote as RemoteName)) {
    session.removeItem(PREVIEW_KEY);
    setOverrideRefusal(
      `Preview link refused: ${verdict.ok ? `${verdict.remote} is not a remote of this shell.` : verdict.message} You see this environment's own builds.`,
    );
    return null;
  }
  const override: PreviewOverride = {
    remote: verdict.remote as RemoteName,
    manifest: verdict.manifest,
    version: verdict.version,
    expiresAt: verdict.expiresAt,
  };
  session.setItem(PREVIEW_KEY, JSON.stringify({ token } satisfies Stored));
  setPreviewOverride(override);
  return override;
}
