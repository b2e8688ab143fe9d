import { Suspense, useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { NavigationProgress } from './chrome/navigation-progress';
import { AppProviders } from '@streamflix/shared';
import { AppHeader } from './chrome/app-header';
import { InstallBanner } from './chrome/install-banner-view';
import { OverridePill } from './delivery/override-pill';
import { SkipLink } from './chrome/skip-link';
import { AppRoutes, RouteFallback } from './screens/app-routes';
import { RouteAnnouncer } from './screens/route-announcer';
import { startScreenPrefetch } from './screens/screen-prefetch';
import { ConsentBanner } from './chrome/consent-banner';
import { KidsLockBanner } from './chrome/kids-lock-banner';
import { RootEffects } from './platform/root-effects';
import { ReconnectingNotice } from './chrome/reconnecting-notice';
import { useAfterFirstScreen } from './platform/first-screen';
import { useProfileGate } from './households/profile-gate';
import { OptionalChunk } from './chrome/optional-chunk';

function ProfileGate() {
  useProfileGate();
  return null;
}

const loadToasts = () => import('./chrome/app-toasts');
const loadVersionNotice = () => import('./delivery/new-version-notice');

export function App() {
  useEffect(() => startScreenPrefetch(), []);
  // react-toastify and its stylesheet are not part of any first screen; toasts raised before
  // the container mounts are queued by the library and shown when it does.
  const toastsReady = useAfterFirstScreen();
  return (
    <AppProviders>
      <BrowserRouter>
        <RootEffects />
        <ProfileGate />
        <SkipLink target="main-content" />
        <ConsentBanner />
        <InstallBanner />
        <KidsLockBanner />
        <AppHeader />
        <OverridePill />
        <NavigationProgress />
        <div id="main-content" tabIndex={-1}>
          {/* One boundary for every screen: a route change is a transition, so the screen on view
              stays until the next one is ready; only the first screen shows the fallback. */}
          <Suspense fallback={<RouteFallback />}>
            <AppRoutes />
          </Suspense>
        </div>
        <RouteAnnouncer mainId="main-content" />
        <ReconnectingNotice />
        {toastsReady ? <OptionalChunk load={loadToasts} what="Notifications (toasts)" /> : null}
        {toastsReady ? (
          <OptionalChunk load={loadVersionNotice} what="The new-version notice" />
        ) : null}
      </BrowserRouter>
    </AppProviders>
  );
}
