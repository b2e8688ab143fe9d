/**
 * One key per payment attempt (8-100 of [A-Za-z0-9_-]). The server answers a
 * replayed key with the first attempt's outcome, so a double click or a retry
 * after a dropped connection can never subscribe twice.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return `chk_${c.randomUUID().replace(/-/g, '')}`;
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return `chk_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
