import { safeReturnPath } from './return-path';

it('honours paths inside the app only', () => {
  expect(safeReturnPath('/payment')).toBe('/payment');
  expect(safeReturnPath('/watch/t-1/t-1/0/0')).toBe('/watch/t-1/t-1/0/0');
  expect(safeReturnPath('//evil.example/x')).toBeNull();
  expect(safeReturnPath('https://evil.example')).toBeNull();
  expect(safeReturnPath('/\\evil.example')).toBeNull();
  expect(safeReturnPath('payment')).toBeNull();
  expect(safeReturnPath(null)).toBeNull();
});
