import { parseCompositionDocument } from '@streamflix/composition';
import local from '../../composition/local.json';
import {
  PREVIEW_KEY,
  activeOverrides,
  clearOverrides,
  dismissRefusal,
  overrideRefusal,
  previewOverride,
  setPreviewOverride,
} from './overrides';
import { takePreview } from './preview-link';

/**
 * A preview link at the shell's start: checked with the host, composed for this tab only (no allowed
 * origin needed: the host verified the control plane's signature), refused with the host's reason.
 */

const closed = parseCompositionDocument(local);
const PR = 'https://pr-builds.example.test/mf-player/pr-42/mf-manifest.json';
const future = new Date(Date.now() + 3600_000).toISOString();
const ok = { ok: true, remote: 'mf_player', manifest: PR, version: '0.3.0', expiresAt: future };
const answering = (...verdicts: object[]) => {
  const asked: string[] = [];
  const fetchImpl = ((url: string) => {
    asked.push(url);
    const verdict = verdicts.shift();
    // jsdom has no Response: the part of one the check reads.
    return Promise.resolve({ json: () => Promise.resolve(verdict) } as Response);
  }) as typeof fetch;
  return { asked, fetchImpl };
};
const at = (search: string) => ({ search, pathname: '/title/1', hash: '' });

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  setPreviewOverride(null);
  dismissRefusal();
});

test('a verified link composes its build for this tab, leaves the address bar, and is checked again at the next start', async () => {
  const { asked, fetchImpl } = answering(ok, ok);
  const replaced: string[] = [];
  const taken = await takePreview(at('?preview=tok.sig&x=1'), sessionStorage, fetchImpl, (u) =>
    replaced.push(u),
  );
  expect(taken).toMatchObject({ remote: 'mf_player', manifest: PR, version: '0.3.0' });
  expect(asked).toEqual(['/preview.json?token=tok.sig']);
  expect(replaced).toEqual(['/title/1?x=1']);
  // Overrides are off in this document: the signed link needs no allowed origin.
  expect(activeOverrides(closed)).toEqual({ mf_player: PR });
  expect(JSON.parse(sessionStorage.getItem(PREVIEW_KEY)!)).toEqual({ token: 'tok.sig' });
  // A reload of the tab: no link in the address, the kept token is verified again.
  setPreviewOverride(null);
  await takePreview(at(''), sessionStorage, fetchImpl, () => undefined);
  expect(asked).toHaveLength(2);
  expect(previewOverride()?.manifest).toBe(PR);
  // Reset ends it.
  clearOverrides(localStorage, sessionStorage);
  expect(previewOverride()).toBeNull();
  expect(sessionStorage.getItem(PREVIEW_KEY)).toBeNull();
});

test("a refused link says the host's reason and the environment's builds run", async () => {
  sessionStorage.setItem(PREVIEW_KEY, JSON.stringify({ token: 'old' }));
  const { fetchImpl } = answering({
    ok: false,
    reason: 'expired',
    message: 'This preview link expired at 2026-11-27 10:00 UTC: ask for a new one.',
  });
  expect(await takePreview(at('?preview=bad'), sessionStorage, fetchImpl, () => undefined)).toBe(
    null,
  );
  expect(overrideRefusal()).toBe(
    "Preview link refused: This preview link expired at 2026-11-27 10:00 UTC: ask for a new one. You see this environment's own builds.",
  );
  expect(activeOverrides(closed)).toEqual({});
  expect(sessionStorage.getItem(PREVIEW_KEY)).toBeNull();
});

test('a key the host does not hold yet is asked once more; an expired preview stops composing', async () => {
  const { asked, fetchImpl } = answering(
    { ok: false, reason: 'unknown-key', message: 'unknown key' },
    ok,
  );
  expect(
    await takePreview(at('?preview=t'), sessionStorage, fetchImpl, () => undefined, 0),
  ).not.toBe(null);
  expect(asked).toHaveLength(2);
  setPreviewOverride({ remote: 'mf_player', manifest: PR, version: '*', expiresAt: future });
  expect(previewOverride(Date.parse(future) + 1)).toBeNull();
});
