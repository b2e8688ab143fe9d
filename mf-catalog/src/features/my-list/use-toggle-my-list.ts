import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  emit,
  failureMessage,
  i18n,
  isSuccess,
  useSession,
  type TitleCard,
} from '@streamflix/shared';
import { myListKey, type MyListData } from './api/get-my-list';
import { addToMyList } from './api/add-to-my-list';
import { removeFromMyList } from './api/remove-from-my-list';

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
        add
          ? i18n._({
              id: 'mf-catalog.myList.addFailed',
              message: 'Could not add “{title}” to My List. {reason}',
              values: { title: title.name, reason: error.message },
            })
          : i18n._({
              id: 'mf-catalog.myList.removeFailed',
              message: 'Could not remove “{title}” from My List. {reason}',
              values: { title: title.name, reason: error.message },
            }),
      );
    },
    onSuccess: (data, { title, add }) => {
      // While later changes are queued, the optimistic list is newer than this answer.
      if (client.isMutating({ mutationKey: MY_LIST_MUTATION }) <= 1) client.setQueryData(key, data);
      emit('catalog:my-list-changed', { titleId: title.id, inList: add });
    },
  });
}
