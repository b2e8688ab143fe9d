import { setRuntimeConfig } from '@streamflix/shared';
import { apiAssetUrl } from './api-asset-url';

test('paths resolve against the API origin; absolute URLs pass through', () => {
  setRuntimeConfig({ apiOrigin: 'https://api.streamflix.example' });
  expect(apiAssetUrl('/uploads/avatars/u-1.webp')).toBe(
    'https://api.streamflix.example/uploads/avatars/u-1.webp',
  );
  expect(apiAssetUrl('https://lh3.googleusercontent.com/a/pic')).toBe(
    'https://lh3.googleusercontent.com/a/pic',
  );
});
