/**
 * The shell's host starts fetching the current route's remote manifest from an
 * inline script in index.html (shell/scripts/early-hints.cjs). The gate takes
 * that response instead of asking again; it is used once, and anything else
 * (another URL, a failed early fetch, a Retry) goes to the network.
 */
interface EarlyManifest {
  url: string;
  response: Promise<Response | null>;
}

declare global {
  interface Window {
    __sfEarlyManifest?: EarlyManifest;
  }
}

export const fetchWithEarlyManifest: typeof fetch = (input, init) => {
  const early = window.__sfEarlyManifest;
  if (early && typeof input === 'string' && input === early.url) {
    window.__sfEarlyManifest = undefined;
    return early.response.then((res) => (res?.ok ? res : fetch(input, init)));
  }
  return fetch(input, init);
};
