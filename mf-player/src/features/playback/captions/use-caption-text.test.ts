import { cueTextAt } from './use-caption-text';

const track = (cues: Array<[number, number, string]>) =>
  ({
    cues: cues.map(([startTime, endTime, text]) => ({ startTime, endTime, text })),
  }) as unknown as TextTrack;

it('shows the cues active at a time, without their tags', () => {
  const t = track([
    [1, 4, '<i>Did you hear that?</i>'],
    [3, 5, 'It came from the lighthouse.'],
  ]);
  expect(cueTextAt(t, 0.5)).toBe('');
  expect(cueTextAt(t, 1)).toBe('Did you hear that?');
  expect(cueTextAt(t, 3.5)).toBe('Did you hear that?\nIt came from the lighthouse.');
  expect(cueTextAt(t, 5)).toBe('');
  expect(cueTextAt(undefined, 2)).toBe('');
});
