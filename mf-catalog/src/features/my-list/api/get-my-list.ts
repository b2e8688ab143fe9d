import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  callApi,
  emit,
  failureMessage,
  isSuccess,
  unwrap,
  useSession,
  type ApiData,
  type TitleCard,
} from '@streamflix/shared';

export type MyListData = ApiData<'GET /users/favourite/{id}'>;
export type MyListTitle = MyListData['titles'][number];

export const myListKey = (userId: string) => ['catalog', 'my-list', userId] as const;

const url = (userId: string) => `/users/favourite/${encodeURIComponent(userId)}`;

export async function getMyList(userId: string): Promise<MyListData> {
  return unwrap(await callApi<MyListData>({ method: 'GET', url: url(userId) }));
}

export function addToMyList(userId: string, titleId: string) {
  return callApi<MyListData>({ method: 'POST', url: url(userId), data: { titleId } });
}

export function removeFromMyList(userId: string, titleId: string) {
  return callApi<MyListData>({
    method: 'PATCH',
    url: url(userId),
    data: { titleId, action: 'remove' },
  });
}

export function useMyList() {
  const { isLoggedIn, userId } = useSession();
  return useQuery({
    queryKey: myListKey(userId),
    queryFn: () => getMyList(userId),
    enabled: isLoggedIn && userId !== '',
  });
}

/** Applies an add or a remove to a cached list (the optimistic step). */
export function applyChange(
  list: MyListData | undefined,
  title: TitleCard,
  add: boolean,
): MyListData {
  const titles = (list?.titles ?? []).filter((t) => t.id !== title.id);
  const next = add
    ? [{ ...pickCard(title), addedAt: new Date().toISOString() }, ...titles]
    : titles;
  return { titles: next, total: next.length };
}

const pickCard = (t: TitleCard): TitleCard => ({
  id: t.id,
  type: t.type,
  name: t.name,
  year: t.year,
  releaseDate: t.releaseDate,
  rating: t.rating,
  maturity: t.maturity,
  premium: t.premium,
  runtimeMinutes: t.runtimeMinutes,
  genres: t.genres,
  posterUrl: t.posterUrl,
  backdropUrl: t.backdropUrl,
});

export class MyListError extends Error {}

const MY_LIST_MUTATION = ['catalog', 'my-list', 'change'] as const;

async function notify(message: string) {
  try {
    const { toast } = await import('react-toastify');
    toast.error(message);
  } catch {
    /* the inline message is still shown */
  }
}

/**
 * Add or remove at once (optimistic), then settle with the server's list; if the
 * server refuses, the change is rolled back and the viewer is told why.
 */
export function useToggleMyList() {
  const { userId } = useSession();
  const client = useQueryClient();
  const key = myListKey(userId);
  return useMutation({
    mutationKey: MY_LIST_MUTATION,
    // One change at a time, in order: a quick add-then-remove must reach the server as add, then remove.
    scope: { id: 'catalog:my-list' },
    mutationFn: async ({ title, add }: { title: TitleCard; add: boolean }) => {
      const result = add
        ? await addToMyList(userId, title.id)
        : await removeFromMyList(userId, title.id);
      if (!isSuccess(result)) throw new MyListError(failureMessage(result));
      return result.data;
    },
    onMutate: async ({ title, add }) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<MyListData>(key);
      client.setQueryData<MyListData>(key, applyChange(previous, title, add));
      return { previous };
    },
    onError: (error, { title, add }, context) => {
      client.setQueryData(key, context?.previous);
      void notify(
        `Could not ${add ? 'add' : 'remove'} “${title.name}” ${add ? 'to' : 'from'} My List. ${error.message}`,
      );
    },
    onSuccess: (data, { title, add }) => {
      // While later changes are queued, the optimistic list is newer than this answer.
      if (client.isMutating({ mutationKey: MY_LIST_MUTATION }) <= 1) client.setQueryData(key, data);
      emit('catalog:my-list-changed', { titleId: title.id, inList: add });
    },
  });
}
