import React, { Suspense, lazy, useMemo } from 'react';
import ReactDOMClient from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import singleSpaReact from 'single-spa-react';
import { AppProviders } from '@streamflix/shared';
import { remoteRoutes } from './remote-routes';

export interface IsolatedProps {
  /** Mount only this screen (by exposed name); otherwise route by URL. */
  screen?: string;
}

export function IsolatedRoot({ screen }: IsolatedProps) {
  const routes = useMemo(() => remoteRoutes.map((r) => ({ ...r, Screen: lazy(r.load) })), []);
  const only = screen ? routes.find((r) => r.name === screen) : undefined;
  return (
    <AppProviders>
      <BrowserRouter>
        <Suspense fallback={<p role="status">Loading…</p>}>
          {only ? (
            <Routes>
              <Route path="*" element={<only.Screen />} />
            </Routes>
          ) : (
            <Routes>
              {routes.map((r) => (
                <Route key={r.path} path={r.path} element={<r.Screen />} />
              ))}
            </Routes>
          )}
        </Suspense>
      </BrowserRouter>
    </AppProviders>
  );
}

export function createLifecycles() {
  return singleSpaReact<IsolatedProps>({
    React,
    ReactDOMClient,
    rootComponent: IsolatedRoot,
    errorBoundary: (err: Error) => <p role="alert">mf-player failed: {err.message}</p>,
  });
}
