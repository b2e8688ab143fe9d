import { Suspense, lazy } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@streamflix/shared';
import { AppHeader } from './chrome/app-header';
import { InstallBanner } from './chrome/install-banner-view';
import { AppRoutes } from './routing/app-routes';
import { ConsentBanner } from './chrome/consent-banner';
import { RootEffects } from './platform/root-effects';

const AppToasts = lazy(() => import('./chrome/app-toasts'));

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <RootEffects />
        <ConsentBanner />
        <InstallBanner />
        <AppHeader />
        <div id="main-content" tabIndex={-1}>
          <AppRoutes />
        </div>
        <Suspense fallback={null}>
          <AppToasts />
        </Suspense>
      </BrowserRouter>
    </AppProviders>
  );
}
