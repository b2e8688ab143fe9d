import { readJson } from './storage';
import { STORAGE_KEYS, type StoredToken } from './storage-keys';

export const isStoredToken = (v: unknown): v is StoredToken =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as StoredToken).token === 'string' &&
  (v as StoredToken).token.length > 0;

/**
 * Whether this device holds a session, read straight from storage. For code
 * that runs before the federated singleton is negotiated (the shell's eager
 * entry picks the signed-in or signed-out route table), imported as
 * `@streamflix/shared/stored-token`: that subpath is bundled, not shared.
 */
export const hasStoredToken = (): boolean => readJson(STORAGE_KEYS.token, isStoredToken) !== null;
