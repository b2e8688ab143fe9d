import { useEffect, useState } from 'react';
import { on } from '../events/app-events';

/**
 * The signed-in home's hero backdrop, known before any app code ran (issue 36). The page's HTML
 * asks for the home's dashboard itself (shell/scripts/member-hints.cjs) and, when the answer names
 * a hero the home will show (the profile the session watches as, not a kids one), paints the
 * backdrop in its loading screen at the hero's own place and leaves `self.__sfEarlyHero`
 * (`{ src, profileId }`: the address and the profile it is the hero of), announced by the
 * `sf-early-hero` event. The shell's route fallback and the
 * home's hero skeleton draw the same picture there, so the home's largest paint is that first one
 * and nothing flashes between the HTML, the shell and the catalogue.
 *
 * For the first screen only: forgotten once the home's hero has rendered, when the device signs in
 * or out or watches as another profile, and once the page has left the site root.
 */
export const EARLY_HERO_EVENT = 'sf-early-hero';

interface EarlyHero {
  src?: unknown;
  profileId?: unknown;
}

type WithEarlyHero = { __sfEarlyHero?: unknown };

const earlyHero = (): EarlyHero | null => {
  const hero = (globalThis as WithEarlyHero).__sfEarlyHero;
  return typeof hero === 'object' && hero !== null ? (hero as EarlyHero) : null;
};

/** The early hero's backdrop address for the home's first screen, or null. */
export function earlyHeroArt(): string | null {
  if (typeof window === 'undefined') return null;
  if (window.location.pathname !== '/') {
    forgetEarlyHeroArt();
    return null;
  }
  const src = earlyHero()?.src;
  if (typeof src !== 'string') return null;
  try {
    const url = new URL(src);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The home's hero has rendered (or the first screen is over): the early picture is not used again.
 * Forgotten in the page's global, not in this module, so every copy of this package a composition
 * loads agrees.
 */
export function forgetEarlyHeroArt(): void {
  delete (globalThis as WithEarlyHero).__sfEarlyHero;
}

if (typeof window !== 'undefined') {
  on('session:changed', forgetEarlyHeroArt);
  // The profile the session already watches as being remembered is no change of picture.
  on('profile:changed', ({ profileId }) => {
    if (profileId !== earlyHero()?.profileId) forgetEarlyHeroArt();
  });
}

/** earlyHeroArt(), and again when the HTML's answer arrives after the first render. */
export function useEarlyHeroArt(): string | null {
  const [art, setArt] = useState(earlyHeroArt);
  useEffect(() => {
    if (art) return undefined;
    const update = () => setArt(earlyHeroArt());
    window.addEventListener(EARLY_HERO_EVENT, update);
    // It may have arrived between the render and this effect.
    update();
    return () => window.removeEventListener(EARLY_HERO_EVENT, update);
  }, [art]);
  return art;
}
