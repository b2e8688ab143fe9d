/**
 * localStorage access that never throws: storage can be disabled (private
 * mode, quotas) or hold corrupt JSON written by an older build. Corrupt values
 * are treated as absent rather than crashing the app.
 */
function store(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readRaw(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  const raw = readRaw(key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeRaw(key: string, value: string | null): void {
  try {
    const s = store();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Storage full or disabled: the in-memory atom still holds the value for this tab.
  }
}

export function writeJson(key: string, value: unknown): void {
  writeRaw(key, value === null || value === undefined ? null : JSON.stringify(value));
}
