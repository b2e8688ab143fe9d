import { i18n } from '@streamflix/shared';
import { useCallback, useState } from 'react';
import { offsetLabel, stepOffset } from './caption-style';

/**
 * Subtitle timing for this title (seconds, positive = later); a file's offset is its own, so it
 * is not remembered. Each change is told to screen readers.
 */
export function useCaptionOffset(announce: (message: string) => void) {
  const [offset, setOffset] = useState(0);
  const step = useCallback(
    (direction: 1 | -1) => {
      const next = stepOffset(offset, direction);
      setOffset(next);
      announce(
        i18n._({
          id: 'mf-player.captions.offset.announce',
          message: 'Subtitles {offset}',
          values: { offset: offsetLabel(next) },
        }),
      );
    },
    [offset, announce],
  );
  const reset = useCallback(() => {
    setOffset(0);
    announce(
      i18n._({
        id: 'mf-player.captions.offset.announceInSync',
        message: 'Subtitles in sync (0 ms)',
      }),
    );
  }, [announce]);
  return { offset, step, reset };
}
