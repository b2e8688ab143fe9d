import { callApi, type User } from '@streamflix/shared';

export interface ProfilePatch {
  name?: string;
  country?: string;
  language?: string;
}

export const updateProfile = (userId: string, patch: ProfilePatch) =>
  callApi<User>({ method: 'PATCH', url: `/users/${encodeURIComponent(userId)}`, data: patch });

export function uploadAvatar(file: File) {
  const body = new FormData();
  body.append('image', file, file.name);
  return callApi<{ avatarUrl: string; user: User }>({
    method: 'POST',
    url: '/users/uploadImages',
    data: body,
  });
}
