import { callOperation } from '../api/operation-client';
import { getActiveProfile, setActiveProfile } from '../session/active-profile';
import { sessionStore, tokenAtom } from '../session/session-atoms';
import { chooseLanguage, getLanguage, startLanguage } from './language';

jest.mock('../api/operation-client', () => ({
  callOperation: jest.fn(),
}));
const patch = callOperation as jest.MockedFunction<typeof callOperation>;

const profile = (language: string) => ({
  id: 'p-1',
  name: 'Ana',
  avatar: 'a',
  kids: false,
  maturity: 'all',
  language,
});

beforeEach(() => {
  localStorage.clear();
  patch.mockReset();
  setActiveProfile(null);
  sessionStore.set(tokenAtom, { token: 'signed-in' } as never);
});

test('a language picked right after sign-in, before the household loaded, is not undone by the profile', async () => {
  let answer: (v: unknown) => void = () => undefined;
  patch.mockReturnValue(new Promise((r) => (answer = r)) as never);
  await startLanguage();
  await chooseLanguage('ar');
  expect(getLanguage()).toBe('ar');
  expect(patch).not.toHaveBeenCalled();

  // The household arrives: the profile as the server has it, still English.
  setActiveProfile(profile('en'), { reset: false });
  await new Promise((r) => setTimeout(r, 0));
  expect(getLanguage()).toBe('ar');
  expect(getActiveProfile()?.language).toBe('ar');
  expect(patch).toHaveBeenCalledTimes(1);
  expect(patch.mock.calls[0]![1]).toMatchObject({
    params: { profileId: 'p-1' },
    body: { language: 'ar' },
    keepalive: true,
  });

  // The server's older copy again while the save is on its way: the pick holds, one save only.
  setActiveProfile(profile('en'), { reset: false });
  await new Promise((r) => setTimeout(r, 0));
  expect(getLanguage()).toBe('ar');
  expect(patch).toHaveBeenCalledTimes(1);

  // Saved: from now on the profile's own language is what counts.
  answer({ status: true, data: {} });
  await new Promise((r) => setTimeout(r, 0));
  setActiveProfile(profile('fr'), { reset: false });
  await new Promise((r) => setTimeout(r, 0));
  expect(getLanguage()).toBe('fr');
});
