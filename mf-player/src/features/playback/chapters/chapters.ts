import { i18n } from '@streamflix/shared';
import { cueAt } from '../trickplay/use-trickplay';
import { parseVtt } from '../vtt';

/** A chapter of the title or episode: from the API's WebVTT chapters file. */
export interface Chapter {
  start: number;
  end: number;
  title: string;
}

export function parseChaptersVtt(text: string): Chapter[] {
  return parseVtt(text)
    .map(({ start, end, payload }) => ({ start, end, title: payload.join(' ') }))
    .filter((c) => c.title.length > 0)
    .sort((a, b) => a.start - b.start);
}

/** The chapter playing at `time`, or null before the first one. */
export function chapterAt(chapters: readonly Chapter[], time: number): Chapter | null {
  const c = cueAt(chapters, time);
  return c && time >= c.start ? c : null;
}

/**
 * Where a chapter jump lands. Back works like a CD player: within the first seconds of a
 * chapter it goes to the one before, later it goes to this chapter's start.
 */
export function chapterJump(
  chapters: readonly Chapter[],
  time: number,
  direction: 1 | -1,
  restartWindow = 3,
): Chapter | null {
  if (chapters.length === 0) return null;
  if (direction === 1) return chapters.find((c) => c.start > time + 0.5) ?? null;
  const current = chapterAt(chapters, time);
  if (!current) return null;
  if (time - current.start > restartWindow) return current;
  const i = chapters.indexOf(current);
  return chapters[i - 1] ?? current;
}

/** "Chapter 2 of 5: The Lighthouse" — what a jump tells a screen reader. */
export function chapterLabel(chapters: readonly Chapter[], chapter: Chapter): string {
  return i18n._({
    id: 'mf-player.chapters.label',
    message: 'Chapter {number} of {count}: {title}',
    values: { number: chapters.indexOf(chapter) + 1, count: chapters.length, title: chapter.title },
  });
}
