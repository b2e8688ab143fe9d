import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';

export const newId = (prefix: string): string => `${prefix}_${randomUUID().replace(/-/g, '')}`;
export const nowIso = (): string => new Date().toISOString();
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
/** Six digits, uniformly random, leading zeros kept. */
export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

let lastMs = 0;
let sequence = 0;

/**
 * An id that sorts (as a string) in the order this process made them, made with the timestamp it
 * embeds: a fixed-width time and sequence, then randomness. Ordering rows by (created_at, id) is then
 * their creation order even within one millisecond, where a random id would shuffle them.
 */
export function newTimeOrderedId(prefix: string, at: Date = new Date()): string {
  const ms = at.getTime();
  if (ms === lastMs) sequence += 1;
  else {
    lastMs = ms;
    sequence = 0;
  }
  const time = ms.toString(36).padStart(9, '0');
  const seq = sequence.toString(36).padStart(4, '0');
  return `${prefix}_${time}${seq}${randomBytes(8).toString('hex')}`;
}
