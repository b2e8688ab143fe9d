import { chapterAt, chapterJump, chapterLabel, parseChaptersVtt } from './chapters';

const VTT = `WEBVTT

1
00:00:00.000 --> 00:00:20.000
Opening

2
00:00:20.000 --> 00:00:50.000
The Lighthouse

broken
00:01:00.000 --> 00:00:59.000
Backwards

3
00:00:50.000 --> 00:01:36.000
Credits
`;

const chapters = parseChaptersVtt(VTT);

it('reads the chapters in order and skips a cue with backwards times', () => {
  expect(chapters.map((c) => c.title)).toEqual(['Opening', 'The Lighthouse', 'Credits']);
  expect(chapters[1]).toEqual({ start: 20, end: 50, title: 'The Lighthouse' });
  expect(parseChaptersVtt('not vtt')).toEqual([]);
});

it('names the chapter at a time', () => {
  expect(chapterAt(chapters, 0)?.title).toBe('Opening');
  expect(chapterAt(chapters, 35)?.title).toBe('The Lighthouse');
  expect(chapterAt(chapters, 120)?.title).toBe('Credits');
  expect(chapterAt([], 3)).toBeNull();
});

it('jumps forward to the next chapter, back to this one’s start or, near it, the one before', () => {
  expect(chapterJump(chapters, 5, 1)?.title).toBe('The Lighthouse');
  expect(chapterJump(chapters, 60, 1)).toBeNull();
  expect(chapterJump(chapters, 35, -1)?.title).toBe('The Lighthouse');
  expect(chapterJump(chapters, 21, -1)?.title).toBe('Opening');
  expect(chapterJump(chapters, 1, -1)?.title).toBe('Opening');
  expect(chapterLabel(chapters, chapters[2]!)).toBe('Chapter 3 of 3: Credits');
});
