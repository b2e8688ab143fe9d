import { sessionStore, countryAtom, startSession, type AuthResult } from '@streamflix/shared';
import { carryOverGuestChoices } from '../../lib/guest-carry-over';

/** Called in the same tick as the session starts: navigate here. */
export type OnSession = (data: AuthResult) => void;

/**
 * Finish any sign-in (password, sign-up, social): carry the guest's picks over
 * to the account first, then start the session, which switches the shell's
 * route set without a reload. `onSession` runs synchronously right after, so a
 * navigation lands in the same render as the new route set; otherwise a screen
 * that only exists logged out (/signup) is caught by the shell's "unknown path
 * goes to /" rule before the navigation happens.
 */
export async function finishSignIn(data: AuthResult, onSession?: OnSession): Promise<void> {
  await carryOverGuestChoices(data.user.id, data.tokens.access, data.user.genres);
  if (data.user.country && !sessionStore.get(countryAtom))
    sessionStore.set(countryAtom, data.user.country);
  onSession?.(data);
  startSession(data.tokens, { ...data.user });
}
