import { AVATAR_MAX_BYTES, validateAvatar } from './avatar-validation';

it('accepts PNG, JPEG and WebP up to 2 MB', () => {
  expect(validateAvatar({ type: 'image/png', size: 1000 })).toBeUndefined();
  expect(validateAvatar({ type: 'image/jpeg', size: AVATAR_MAX_BYTES })).toBeUndefined();
  expect(validateAvatar({ type: 'image/webp', size: 10 })).toBeUndefined();
});

it('refuses other types', () => {
  expect(validateAvatar({ type: 'image/gif', size: 10 })).toMatch(/PNG, JPEG or WebP/);
  expect(validateAvatar({ type: 'image/svg+xml', size: 10 })).toMatch(/PNG, JPEG or WebP/);
  expect(validateAvatar({ type: '', size: 10 })).toMatch(/PNG, JPEG or WebP/);
});

it('refuses files over 2 MB, saying how big they are', () => {
  expect(validateAvatar({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toMatch(
    /2\.0 MB.*limit is 2 MB/,
  );
  expect(validateAvatar({ type: 'image/png', size: 0 })).toMatch(/empty/);
});
