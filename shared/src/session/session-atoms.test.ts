import {
  countryAtom,
  effectiveCountryAtom,
  isLoggedInAtom,
  reloadSessionFromStorage,
  sessionStore,
  userIdAtom,
} from './session-atoms';
import { endSession, startSession } from './session-actions';

beforeEach(() => {
  localStorage.clear();
  reloadSessionFromStorage();
});

it('is logged in exactly when a token object is stored', () => {
  expect(sessionStore.get(isLoggedInAtom)).toBe(false);
  localStorage.setItem('token', JSON.stringify({ token: 'abc' }));
  reloadSessionFromStorage();
  expect(sessionStore.get(isLoggedInAtom)).toBe(true);
});

it('treats a corrupt stored token as logged out instead of crashing', () => {
  localStorage.setItem('token', '{not json');
  reloadSessionFromStorage();
  expect(sessionStore.get(isLoggedInAtom)).toBe(false);
  localStorage.setItem('token', JSON.stringify({ token: '' }));
  reloadSessionFromStorage();
  expect(sessionStore.get(isLoggedInAtom)).toBe(false);
});

it('derives userId from the stored user, otherwise empty', () => {
  expect(sessionStore.get(userIdAtom)).toBe('');
  startSession({ access: 'a', refresh: 'r' }, { id: 'u-42' });
  expect(sessionStore.get(userIdAtom)).toBe('u-42');
  endSession();
  expect(sessionStore.get(userIdAtom)).toBe('');
  expect(localStorage.getItem('user')).toBeNull();
});

it('takes the default country from the stored country', () => {
  expect(sessionStore.get(effectiveCountryAtom)).toBe('US');
  sessionStore.set(countryAtom, 'IN');
  expect(localStorage.getItem('country')).toBe('IN');
  expect(sessionStore.get(effectiveCountryAtom)).toBe('IN');
});

it('notifies subscribers when the session starts and ends (the shell switches route sets)', () => {
  const seen: boolean[] = [];
  const unsub = sessionStore.sub(isLoggedInAtom, () => seen.push(sessionStore.get(isLoggedInAtom)));
  startSession({ access: 'a', refresh: 'r' }, { id: 'u1' });
  endSession();
  unsub();
  expect(seen).toEqual([true, false]);
});
