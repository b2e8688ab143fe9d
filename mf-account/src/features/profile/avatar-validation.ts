/** What the API accepts for a profile picture (POST /users/uploadImages). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export function validateAvatar(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
    return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > AVATAR_MAX_BYTES)
    return `That image is ${(file.size / 1024 / 1024).toFixed(1)} MB. The limit is 2 MB.`;
  if (file.size === 0) return 'That file is empty.';
  return undefined;
}
