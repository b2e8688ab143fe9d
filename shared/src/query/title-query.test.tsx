import { act, renderHook, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppProviders } from '../app-providers';
import { setActiveProfile } from '../session/active-profile';
import { endSession, startSession } from '../session/session-actions';
import { countryAtom, sessionStore } from '../session/session-atoms';
import { createQueryClient, queryClient } from './query-client';
import { titleKey } from './query-keys';
import { useCatalogueScope, useTitleDetail } from './title-query';

const callOperation = jest.fn();
jest.mock('../api/operation-client', () => ({
  ...jest.requireActual('../api/operation-client'),
  callOperation: (...args: unknown[]) => callOperation(...args),
}));

const ADA = { id: 'p1', name: 'Ada', avatar: 'a', kids: false, maturity: 'all' };
const KID = { id: 'p2', name: 'Kid', avatar: 'k', kids: true, maturity: 'little-kids' };
const detail = { id: 't1', name: 'Neon Tapir', type: 'series', seasons: [] };

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={client}>{children}</AppProviders>
  );
}

beforeEach(() => {
  callOperation.mockReset();
  queryClient.clear();
  callOperation.mockResolvedValue({ status: true, message: 'ok', data: detail });
  act(() => {
    setActiveProfile(null);
    endSession();
    sessionStore.set(countryAtom, null);
  });
});

describe('the catalogue scope', () => {
  it("is a guest's stored country, or the default, and no viewer", () => {
    const { result } = renderHook(() => useCatalogueScope(), {
      wrapper: wrapperWith(createQueryClient()),
    });
    expect(result.current).toEqual({ country: 'US' });
    act(() => sessionStore.set(countryAtom, 'FR'));
    expect(result.current).toEqual({ country: 'FR' });
  });

  it('follows the signed-in account and its chosen country, and not the profile (in the token)', () => {
    const { result } = renderHook(() => useCatalogueScope(), {
      wrapper: wrapperWith(createQueryClient()),
    });
    act(() => {
      startSession({ access: 'A', refresh: 'R' }, { id: 'u1' });
      setActiveProfile(ADA);
    });
    // No country chosen: the server uses the account's.
    expect(result.current).toEqual({ country: undefined, userId: 'u1' });
    act(() => sessionStore.set(countryAtom, 'DE'));
    expect(result.current).toEqual({ country: 'DE', userId: 'u1' });
  });
});

describe("a title's detail", () => {
  it('is asked for in the scope and cached under the scope-wide key', async () => {
    const client = createQueryClient();
    startSession({ access: 'A', refresh: 'R' }, { id: 'u1' });
    setActiveProfile(ADA);
    sessionStore.set(countryAtom, 'FR');
    const { result } = renderHook(() => useTitleDetail('t1'), { wrapper: wrapperWith(client) });
    await waitFor(() => expect(result.current.data).toEqual(detail));
    expect(callOperation).toHaveBeenCalledWith('GET /titles/{movieId}', {
      params: { movieId: 't1' },
      query: { country: 'FR', userId: 'u1' },
    });
    expect(client.getQueryData(titleKey('t1', { country: 'FR', userId: 'u1' }))).toEqual(detail);
  });

  it('is fetched once for every screen that shows it in the same scope', async () => {
    const client = createQueryClient();
    startSession({ access: 'A', refresh: 'R' }, { id: 'u1' });
    const wrapper = wrapperWith(client);
    const first = renderHook(() => useTitleDetail('t1'), { wrapper });
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    first.unmount();
    const second = renderHook(() => useTitleDetail('t1'), { wrapper });
    expect(second.result.current.data).toEqual(detail);
    expect(callOperation).toHaveBeenCalledTimes(1);
  });

  it('is kept when the device learns the profile the session already watches as', async () => {
    const client = createQueryClient();
    startSession({ access: 'A', refresh: 'R' }, { id: 'u1' });
    const wrapper = wrapperWith(client);
    const page = renderHook(() => useTitleDetail('t1'), { wrapper });
    await waitFor(() => expect(page.result.current.isSuccess).toBe(true));
    // After sign-in the profile gate takes the session's own profile: nothing to fetch again.
    act(() => setActiveProfile(ADA, { reset: false }));
    const player = renderHook(() => useTitleDetail('t1'), { wrapper });
    expect(player.result.current.data).toEqual(detail);
    expect(callOperation).toHaveBeenCalledTimes(1);
  });

  it('is fetched again as the new profile when the viewer switches (the switch resets every entry)', async () => {
    startSession({ access: 'A', refresh: 'R' }, { id: 'u1' });
    act(() => setActiveProfile(ADA, { reset: false }));
    const wrapper = wrapperWith(queryClient);
    const page = renderHook(() => useTitleDetail('t1'), { wrapper });
    await waitFor(() => expect(page.result.current.isSuccess).toBe(true));
    page.unmount();
    act(() => setActiveProfile(KID));
    const kids = renderHook(() => useTitleDetail('t1'), { wrapper });
    await waitFor(() => expect(kids.result.current.isSuccess).toBe(true));
    expect(callOperation).toHaveBeenCalledTimes(2);
  });
});
