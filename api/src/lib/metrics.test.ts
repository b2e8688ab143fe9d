import { CappedLabel } from './metrics';

test('a capped label keeps each value up to the cap; later ones share "other"', () => {
  const labels = new CappedLabel(2);
  expect(labels.of('a')).toBe('a');
  expect(labels.of('b')).toBe('b');
  expect(labels.of('c')).toBe('other');
  expect(labels.of('a')).toBe('a');
});
