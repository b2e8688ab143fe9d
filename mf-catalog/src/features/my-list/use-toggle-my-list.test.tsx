import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { readGuestMyList, type TitleCard } from '@streamflix/shared';
import { myListKey, type MyListData } from './api/get-my-list';
import { useToggleMyList } from './use-toggle-my-list';
import { toggleGuestMyList } from './guest-my-list';

const mockCallApi = jest.fn();
jest.mock('@streamflix/shared', () => ({
  ...jest.requireActual('@streamflix/shared'),
  callOperation: (...args: [string, object?]) =>
    mockCallApi(jest.requireActual('@streamflix/shared/testing').operationRequest(...args)),
  useSession: () => ({
    isLoggedIn: true,
    userId: 'u1',
    country: 'US',
    user: { id: 'u1' },
    isSkiped: false,
  }),
}));

const title = {
  id: 't-1',
  type: 'movie',
  name: 'One',
  year: 2020,
  releaseDate: '2020-01-01',
  rating: 7,
  maturity: 'PG',
  premium: false,
  runtimeMinutes: 90,
  genres: [],
  posterUrl: '',
  backdropUrl: '',
} as TitleCard;

function setup(initial: MyListData) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(myListKey('u1'), initial);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useToggleMyList(), { wrapper });
  return { client, result };
}

it('adds at once with POST and keeps the server list', async () => {
  let resolve!: (v: unknown) => void;
  mockCallApi.mockReturnValueOnce(new Promise((r) => (resolve = r)));
  const { client, result } = setup({ titles: [], total: 0 });
  act(() => result.current.mutate({ title, add: true }));
  await waitFor(() =>
    expect(client.getQueryData<MyListData>(myListKey('u1'))?.titles.map((t) => t.id)).toEqual([
      't-1',
    ]),
  );
  expect(mockCallApi).toHaveBeenCalledWith({
    method: 'POST',
    url: '/users/favourite/u1',
    data: { titleId: 't-1' },
  });
  resolve({ status: true, message: '', data: { titles: [{ ...title, addedAt: 'x' }], total: 1 } });
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
});

it('removes with PATCH and rolls back when the server refuses', async () => {
  mockCallApi.mockResolvedValueOnce({ status: false, httpStatus: 500, message: 'Nope.' });
  const { client, result } = setup({ titles: [{ ...title, addedAt: 'x' }], total: 1 });
  act(() => result.current.mutate({ title, add: false }));
  await waitFor(() => expect(result.current.isError).toBe(true));
  expect(mockCallApi).toHaveBeenCalledWith({
    method: 'PATCH',
    url: '/users/favourite/u1',
    data: { titleId: 't-1', action: 'remove' },
  });
  expect(client.getQueryData<MyListData>(myListKey('u1'))?.titles.map((t) => t.id)).toEqual([
    't-1',
  ]);
  expect(result.current.error?.message).toBe('Nope.');
});

it('keeps a guest list as a JSON array of ids under guestMyList', () => {
  localStorage.setItem('guestMyList', '{corrupt');
  expect(readGuestMyList()).toEqual([]);
  expect(toggleGuestMyList('t-1')).toBe(true);
  expect(JSON.parse(localStorage.getItem('guestMyList')!)).toEqual(['t-1']);
  expect(toggleGuestMyList('t-1')).toBe(false);
  expect(readGuestMyList()).toEqual([]);
});

it('sends a quick add-then-remove to the server in order', async () => {
  const order: string[] = [];
  let releaseAdd!: () => void;
  mockCallApi.mockImplementation((req: { method: string }) => {
    order.push(`start ${req.method}`);
    if (req.method === 'POST')
      return new Promise(
        (r) =>
          (releaseAdd = () => {
            order.push('end POST');
            r({
              status: true,
              message: '',
              data: { titles: [{ ...title, addedAt: 'x' }], total: 1 },
            });
          }),
      );
    order.push('end PATCH');
    return Promise.resolve({ status: true, message: '', data: { titles: [], total: 0 } });
  });
  const { client, result } = setup({ titles: [], total: 0 });
  act(() => result.current.mutate({ title, add: true }));
  act(() => result.current.mutate({ title, add: false }));
  await waitFor(() => expect(order).toContain('start POST'));
  expect(order).not.toContain('start PATCH');
  act(() => releaseAdd());
  await waitFor(() =>
    expect(order).toEqual(['start POST', 'end POST', 'start PATCH', 'end PATCH']),
  );
  await waitFor(() => expect(client.getQueryData<MyListData>(myListKey('u1'))?.titles).toEqual([]));
});
