import { Suspense, lazy, useEffect, useState } from 'react';

const CountryPicker = lazy(() => import('../chrome/country-picker'));

/** True from the frame after the first paint: platform chrome never weighs on the first screen. */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(() => setReady(true), 0));
    return () => cancelAnimationFrame(frame);
  }, []);
  return ready;
}

/** The guest's country picker in the header, fetched after the first paint. */
export function DeferredCountryPicker() {
  const ready = useAfterFirstPaint();
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <CountryPicker />
    </Suspense>
  );
}
