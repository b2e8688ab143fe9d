import { useCallback } from 'react';
import { useVttFile } from '../use-vtt-file';
import { chapterAt, parseChaptersVtt, type Chapter } from './chapters';

/** The title's or episode's chapters (the API's WebVTT chapters file), once playback started. */
export function useChapters(url: string | undefined, enabled: boolean) {
  const chapters = useVttFile<Chapter>(url, enabled, parseChaptersVtt);
  const chapterAtTime = useCallback((time: number) => chapterAt(chapters, time), [chapters]);
  return { chapters, chapterAt: chapterAtTime };
}
