import { startSession, type AuthResult } from '@streamflix/shared';

/**
 * A sign-up finished on /signup, a path only the logged-out route set has.
 * Starting the session there lets the shell's "unknown path goes to /" rule
 * win the race with our navigation, so the session is held in memory (never
 * in history state or storage) and started from /register, which both route
 * sets have.
 */
let pending: { data: AuthResult; next: string } | null = null;

export function holdSession(data: AuthResult, next: string): void {
  pending = { data, next };
}

/** Starts a held session; `go` runs in the same tick so the route set and the URL change together. */
export function startHeldSession(go: (next: string) => void): boolean {
  if (!pending) return false;
  const { data, next } = pending;
  pending = null;
  go(next);
  startSession(data.tokens, { ...data.user });
  return true;
}
