import { atom } from 'jotai';
import { isSuccess } from '../api/envelope';
import { callOperation } from '../api/operation-client';
import { getActiveProfile, activeProfileAtom, setActiveProfile } from '../session/active-profile';
import { isLoggedInAtom, sessionStore } from '../session/session-atoms';
import { readJson, writeJson } from '../session/storage';
import { sharedCatalogs } from '../locales/catalogs';
import { loadAllCatalogs } from './catalogs';
import { bestLanguage, dirOf, PSEUDO_LANGUAGE, SOURCE_LANGUAGE, uiLanguage } from './languages';
import { i18n } from './runtime';
import { queryClient } from '../query/query-client';

/**
 * The viewer's language (docs/i18n.md). The order: the active profile's language, then the viewer's
 * choice on this device (localStorage `language`), then the browser's languages (best match: pt
 * gives pt-BR), then English. The pseudo-locale, a testing tool, is only ever an explicit choice, and
 * it wins over the profile's.
 */
export const LANGUAGE_KEY = 'language';

const isCode = (v: unknown): v is string => typeof v === 'string' && uiLanguage(v) !== null;

export interface LanguageWishes {
  profile?: string | null | undefined;
  choice?: string | null | undefined;
  browser?: readonly string[] | undefined;
}

/** The language for these wishes, in the order above. */
export function preferredLanguage({ profile, choice, browser = [] }: LanguageWishes): string {
  if (choice && uiLanguage(choice)?.code === PSEUDO_LANGUAGE.code) return PSEUDO_LANGUAGE.code;
  return (
    bestLanguage([profile]) ??
    bestLanguage([choice]) ??
    bestLanguage(browser.filter((t) => uiLanguage(t)?.code !== PSEUDO_LANGUAGE.code)) ??
    SOURCE_LANGUAGE
  );
}

/** This device's wishes: the active profile, the stored choice, navigator.languages. */
export function currentWishes(): LanguageWishes {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    profile: sessionStore.get(isLoggedInAtom) ? getActiveProfile()?.language : null,
    choice: readJson(LANGUAGE_KEY, isCode),
    browser: nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [],
  };
}

const base = atom<string>(SOURCE_LANGUAGE);
base.debugLabel = 'language';
/** The active UI language's code (read it with useLanguage()). */
export const languageAtom = atom((get) => get(base));

export const getLanguage = (): string => sessionStore.get(base);

/** A query whose answer a language change must not ask for again (see setLanguage). */
export const keepsOnLanguageChange = (key: readonly unknown[]): boolean =>
  key[0] === 'GET /playback/{titleId}';

/**
 * Makes `code` the active language: loads every declared workspace's catalog for it, then switches
 * every mounted screen at once (no reload) and sets `<html lang dir>`.
 */
export async function setLanguage(code: string): Promise<void> {
  const language = uiLanguage(code)?.code;
  if (!language) throw new Error(`i18n: "${code}" is not a UI language (languages.json)`);
  await loadAllCatalogs(language);
  const changed = i18n.locale !== language;
  i18n.activate(language);
  sessionStore.set(base, language);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = dirOf(language);
  }
  // What the API wrote (genre, rail and plan names, localised titles) is asked for again in the
  // new language; the screens keep showing the old answers until the new ones arrive. Not the
  // playback session: asking for it again starts a new stream (a new lease and new media
  // addresses), so the player would restart under the viewer.
  if (changed)
    void queryClient.invalidateQueries({ predicate: (q) => !keepsOnLanguageChange(q.queryKey) });
}

/**
 * The viewer picks a language (the language menu): remembered on this device, and on the active
 * profile when signed in (PATCH /profiles/{id}, which keeps the base code: pt-BR is saved as pt).
 */
export async function chooseLanguage(code: string): Promise<void> {
  const language = uiLanguage(code)?.code;
  if (!language) throw new Error(`i18n: "${code}" is not a UI language (languages.json)`);
  writeJson(LANGUAGE_KEY, language);
  if (language !== PSEUDO_LANGUAGE.code && sessionStore.get(isLoggedInAtom))
    keepOnProfile(language);
  await setLanguage(language);
}

/**
 * A choice the profile does not hold yet: made before the device knew its profile (just signed in,
 * the household still loading), or whose save is still on its way. Until then the profile the
 * device (re)activates (with the server's older language) gets it again, so the viewer's pick is not
 * undone by the profile's language, which comes first in the order.
 */
let unsaved: { language: string; sending: boolean } | null = null;

/** The choice on the active profile: the device's copy at once, the API's with one PATCH. */
function keepOnProfile(language: string): void {
  const profile = getActiveProfile();
  if (!profile) {
    unsaved = { language, sending: false };
    return;
  }
  const saved = language.split('-')[0]!;
  const sendingIt = unsaved?.sending === true && unsaved.language === language;
  if (!sendingIt && (profile.language !== saved || unsaved !== null)) {
    const mine = { language, sending: true };
    unsaved = mine;
    // keepalive: a reload or a navigation away right after the choice must not cancel the save.
    void callOperation('PATCH /profiles/{profileId}', {
      params: { profileId: profile.id },
      body: { language: saved },
      keepalive: true,
    }).then((result) => {
      if (unsaved === mine) unsaved = null;
      if (!isSuccess(result))
        console.warn(`i18n: the profile's language was not saved (${result.message})`);
    });
  }
  // The device's copy, so the profile's language (first in the order) is this one now.
  if (profile.language !== saved)
    setActiveProfile({ ...profile, language: saved }, { reset: false });
}

let started = false;

/**
 * The shell's start-up: activates the language the wishes give, and follows the active profile (a
 * profile switch or sign-in may bring another language). Idempotent.
 */
export async function startLanguage(): Promise<void> {
  if (!started) {
    started = true;
    const follow = () => {
      if (unsaved && !sessionStore.get(isLoggedInAtom)) unsaved = null;
      else if (unsaved && getActiveProfile()) keepOnProfile(unsaved.language);
      const wanted = preferredLanguage(currentWishes());
      if (wanted !== getLanguage()) void setLanguage(wanted);
    };
    sessionStore.sub(activeProfileAtom, follow);
    sessionStore.sub(isLoggedInAtom, follow);
  }
  // A link with ?lang=xx (the title pages' hreflang alternates) is the viewer's choice.
  const linked =
    typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang');
  if (linked && isCode(linked)) writeJson(LANGUAGE_KEY, uiLanguage(linked)!.code);
  await Promise.all([
    sharedCatalogs.ready(SOURCE_LANGUAGE),
    setLanguage(preferredLanguage(currentWishes())),
  ]);
}
