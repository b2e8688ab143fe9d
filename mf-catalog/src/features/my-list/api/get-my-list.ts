import { callOperation, queryKey, unwrap, useViewerQuery, type ApiData } from '@streamflix/shared';

export type MyListData = ApiData<'GET /users/favourite/{id}'>;
export type MyListTitle = MyListData['titles'][number];

export const myListKey = (userId: string) => queryKey('GET /users/favourite/{id}', { id: userId });

export async function getMyList(userId: string): Promise<MyListData> {
  return unwrap(await callOperation('GET /users/favourite/{id}', { params: { id: userId } }));
}

export function useMyList() {
  return useViewerQuery(myListKey, getMyList);
}
