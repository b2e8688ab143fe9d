import { newTimeOrderedId } from './ids';

test('time-ordered ids sort in the order they were made, within one millisecond too', () => {
  const at = new Date('2026-01-01T00:00:00.000Z');
  const same = Array.from({ length: 50 }, () => newTimeOrderedId('ntf', at));
  const later = newTimeOrderedId('ntf', new Date(at.getTime() + 1));
  const ids = [...same, later];
  expect([...ids].sort()).toEqual(ids);
  expect(new Set(ids).size).toBe(ids.length);
  expect(later).toMatch(/^ntf_[0-9a-z]{13}[0-9a-f]{16}$/);
});
