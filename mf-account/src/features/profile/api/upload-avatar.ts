import { callOperation } from '@streamflix/shared';

/** POST /users/uploadImages (multipart): answers with the new avatar URL and the updated user. */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('image', file, file.name);
  return callOperation('POST /users/uploadImages', { form });
}
