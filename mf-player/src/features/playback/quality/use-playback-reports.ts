import { useCallback, useEffect, useMemo } from 'react';
import { sendPlaybackReport } from '../api/send-playback-report';
import { PlaybackReporter } from './playback-reporter';
import type { QualityEvent } from './quality-events';

/**
 * The player's quality reports for one title (the player remounts per title and episode): what
 * is pending goes when the page is hidden or left, and when the player closes.
 */
export function usePlaybackReports(titleId: string): (event: QualityEvent) => void {
  const reporter = useMemo(() => new PlaybackReporter(titleId, sendPlaybackReport), [titleId]);
  useEffect(() => {
    const flush = () => reporter.flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    // pagehide: a closing tab or a navigation away; hidden: a phone may kill the page later unasked.
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      // After the player's other cleanups, which record a stall still going on.
      queueMicrotask(flush);
    };
  }, [reporter]);
  return useCallback((event: QualityEvent) => reporter.record(event), [reporter]);
}
