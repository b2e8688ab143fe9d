import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';

export const newId = (prefix: string): string => `${prefix}_${randomUUID().replace(/-/g, '')}`;
export const nowIso = (): string => new Date().toISOString();
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
/** Six digits, uniformly random, leading zeros kept. */
export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
