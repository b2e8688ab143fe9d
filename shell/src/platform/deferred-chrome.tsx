import { Suspense, lazy, useEffect, useState } from 'react';

const ConsentBanner = lazy(() => import('../chrome/consent-banner'));

/** Platform chrome (the consent banner) is fetched after the first paint, never with the first screen. */
export function DeferredChrome() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(() => setReady(true), 0));
    return () => cancelAnimationFrame(frame);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner />
    </Suspense>
  );
}
