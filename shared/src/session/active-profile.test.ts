import { queryClient } from '../query/query-client';
import { getActiveProfile, setActiveProfile, type ActiveProfile } from './active-profile';

const profile = (id: string): ActiveProfile => ({
  id,
  name: `Profile ${id}`,
  avatar: 'fox',
  kids: false,
  maturity: 'all',
});

/** A query with data, as a screen holds it. */
const seed = () => queryClient.setQueryData(['screen'], { shown: true });
const kept = () => queryClient.getQueryData(['screen']) !== undefined;

beforeEach(() => {
  localStorage.clear();
  setActiveProfile(null);
  queryClient.clear();
});

it('switching to another profile resets every query, so each screen reloads as it', async () => {
  setActiveProfile(profile('a'));
  seed();
  setActiveProfile(profile('b'));
  await Promise.resolve();
  expect(kept()).toBe(false);
  expect(getActiveProfile()?.id).toBe('b');
  expect(JSON.parse(localStorage.getItem('profile')!).id).toBe('b');
});

it("taking the session's own profile after sign-in keeps what the screens loaded", async () => {
  seed();
  setActiveProfile(profile('a'), { reset: false });
  await Promise.resolve();
  expect(kept()).toBe(true);
  expect(getActiveProfile()?.id).toBe('a');
});

it('choosing the profile already active changes nothing', async () => {
  setActiveProfile(profile('a'));
  seed();
  setActiveProfile(profile('a'));
  await Promise.resolve();
  expect(kept()).toBe(true);
});
