import { formatNumber, i18n } from '@streamflix/shared';

/** What the API accepts for a profile picture (POST /users/uploadImages). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export function validateAvatar(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
    return i18n._({ id: 'mf-account.avatar.type', message: 'Choose a PNG, JPEG or WebP image.' });
  if (file.size > AVATAR_MAX_BYTES)
    return i18n._({
      id: 'mf-account.avatar.tooLarge',
      message: 'That image is {size} MB. The limit is {max} MB.',
      values: {
        size: formatNumber(file.size / 1024 / 1024, {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }),
        max: 2,
      },
    });
  if (file.size === 0)
    return i18n._({ id: 'mf-account.avatar.empty', message: 'That file is empty.' });
  return undefined;
}
