import { useCallback, useEffect, useRef, useState } from 'react';

const HIDE_AFTER_MS = 3000;

/** Controls hide while playing and come back on mouse move, touch or a key. */
export function useAutoHideControls() {
  const [controlsVisible, setControlsVisible] = useState(true);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const showControls = useCallback(() => {
    setControlsVisible(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setControlsVisible(false), HIDE_AFTER_MS);
  }, []);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  return { controlsVisible, setControlsVisible, showControls };
}
