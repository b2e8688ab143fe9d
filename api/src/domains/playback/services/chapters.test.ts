import { buildChapters, chaptersVtt } from './chapters';

test('an episode: cold open, opening titles, named parts and the end credits, end to end', () => {
  const chapters = buildChapters({
    seed: 't-1/e-1',
    duration: 96,
    introStart: 5,
    introEnd: 20,
    creditsStart: 84,
  });
  expect(chapters[0]).toEqual({ start: 0, end: 5, title: 'Cold Open' });
  expect(chapters[1]).toEqual({ start: 5, end: 20, title: 'Opening Titles' });
  expect(chapters.at(-1)).toEqual({ start: 84, end: 96, title: 'End Credits' });
  // No gaps, no overlaps.
  for (let i = 1; i < chapters.length; i += 1)
    expect(chapters[i]!.start).toBe(chapters[i - 1]!.end);
  expect(buildChapters({ seed: 't-1/e-1', duration: 96, introEnd: 20 })).not.toEqual(chapters);
  expect(
    buildChapters({ seed: 't-1/e-1', duration: 96, introStart: 5, introEnd: 20, creditsStart: 84 }),
  ).toEqual(chapters);
});

test('a movie without markers is split into named parts; markers past the media are ignored', () => {
  const chapters = buildChapters({ seed: 't-9', duration: 90, creditsStart: 2500 });
  expect(chapters.length).toBeGreaterThanOrEqual(2);
  expect(chapters[0]!.start).toBe(0);
  expect(chapters.at(-1)!.end).toBe(90);
  expect(chapters.map((c) => c.title)).not.toContain('End Credits');
  expect(buildChapters({ seed: 'x', duration: 0 })).toEqual([]);
});

test('writes WebVTT chapters', () => {
  expect(chaptersVtt([{ start: 0, end: 20.5, title: 'Opening Titles' }])).toBe(
    'WEBVTT\n\nchapter-1\n00:00:00.000 --> 00:00:20.500\nOpening Titles\n',
  );
});
