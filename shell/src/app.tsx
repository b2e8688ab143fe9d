import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { AppProviders } from '@streamflix/shared';
import { AppHeader } from './chrome/app-header';
import { InstallBanner } from './chrome/install-banner-view';
import { AppRoutes } from './routing/app-routes';
import { RootEffects } from './platform/root-effects';

/** Toast defaults of spec §2/§9: top-right, dark, auto-close 5000 ms. */
export const APP_TOAST_PROPS = { position: 'top-right', theme: 'dark', autoClose: 5000 } as const;

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <RootEffects />
        <InstallBanner />
        <AppHeader />
        <div id="main-content" tabIndex={-1}>
          <AppRoutes />
        </div>
        <ToastContainer {...APP_TOAST_PROPS} />
      </BrowserRouter>
    </AppProviders>
  );
}
