import { useAtomValue } from 'jotai';
import {
  isLoggedInAtom,
  isSkipedAtom,
  userAtom,
  userIdAtom,
  effectiveCountryAtom,
} from './session-atoms';

/** The session as a screen sees it. */
export function useSession() {
  return {
    isLoggedIn: useAtomValue(isLoggedInAtom),
    isSkiped: useAtomValue(isSkipedAtom),
    user: useAtomValue(userAtom),
    userId: useAtomValue(userIdAtom),
    country: useAtomValue(effectiveCountryAtom),
  };
}
