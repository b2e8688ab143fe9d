import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import {
  getActiveProfile,
  isLoggedInAtom,
  setActiveProfile,
  type HouseholdProfile,
} from '@streamflix/shared';
import { PROFILES_PATH } from '../routing/route-tables';

/**
 * The device's profile, as every remote reads it (shared's active profile). `alreadyCurrent`: the API's
 * session watches as it already, so what the screens loaded is kept (no reset of every query).
 */
const activate = (p: HouseholdProfile, alreadyCurrent = false): void =>
  setActiveProfile(p, { reset: !alreadyCurrent });

/**
 * Host logic, no screen: the picker itself is mf-account's (`/profiles`, mounted like every screen).
 * Once per sign-in on this device: the profile it remembers is chosen again on the new session (the server
 * starts every session as the first profile), an account with one profile uses it without asking, and an
 * account with several, on a device that has not chosen, is asked "Who's watching?".
 */
export function useProfileGate(): void {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const navigate = useNavigate();
  // The latest navigate (its identity follows the location), without restarting the check.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const { pathname, search } = useLocation();
  const here = useRef(pathname + search);
  here.current = pathname + search;
  const checkedFor = useRef<string | null>(null);
  // A token refresh keeps the session: one check per sign-in.
  const signedIn = loggedIn;

  useEffect(() => {
    if (!signedIn) {
      checkedFor.current = null;
      return;
    }
    if (checkedFor.current) return;
    checkedFor.current = 'pending';
    let cancelled = false;
    void (async () => {
      // The client and the calls load only for a signed-in device, never on a guest's first screen.
      const [{ getHousehold }, { selectRememberedProfile }] = await Promise.all([
        import('../api/get-household'),
        import('../api/select-profile'),
      ]);
      const r = await getHousehold();
      if (cancelled || !r.status) {
        checkedFor.current = null;
        return;
      }
      const { profiles, current } = r.data;
      const remembered = getActiveProfile();
      const mine = remembered && profiles.find((p) => p.id === remembered.id);
      const ask = () => {
        if (!here.current.startsWith(PROFILES_PATH))
          navigateRef.current(`${PROFILES_PATH}?next=${encodeURIComponent(here.current)}`, {
            replace: true,
          });
      };
      if (mine) {
        if (mine.id === current) return activate(mine, true);
        const chosen = await selectRememberedProfile(mine.id);
        if (cancelled) return;
        return chosen.status ? activate(chosen.data) : ask();
      }
      if (profiles.length === 1) return activate(profiles[0]!, profiles[0]!.id === current);
      const first = profiles.find((p) => p.id === current);
      // Until the viewer answers, the device is the first profile (as the server has it).
      if (first) activate(first, true);
      ask();
    })();
    return () => {
      cancelled = true;
    };
  }, [signedIn]);
}
