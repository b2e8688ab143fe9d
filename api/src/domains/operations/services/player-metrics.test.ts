import { renditionOf } from './player-metrics';

test('renditions are ladder rungs by height, with slack for encoder rounding', () => {
  expect(renditionOf(0)).toBe('unknown');
  expect(renditionOf(144)).toBe('240p');
  expect(renditionOf(240)).toBe('240p');
  expect(renditionOf(352)).toBe('360p');
  expect(renditionOf(360)).toBe('360p');
  expect(renditionOf(540)).toBe('480p');
  expect(renditionOf(714)).toBe('720p');
  expect(renditionOf(1088)).toBe('1080p');
  expect(renditionOf(2160)).toBe('2160p');
  expect(renditionOf(4320)).toBe('2160p');
});
