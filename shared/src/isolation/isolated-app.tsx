import React, { Suspense, lazy, useMemo, type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import singleSpaReact from 'single-spa-react';
import { AppProviders } from '../app-providers';
import { setRuntimeConfig } from '../config/runtime-config';

/**
 * A remote on its own: its standalone dev harness and its single-spa lifecycles
 * (for a host whose shared ranges cannot satisfy it). Not part of the shared
 * singleton's main entry: remotes import it as '@streamflix/shared/isolated', so
 * single-spa-react never weighs on the shell.
 */
export interface RemoteRoute {
  path: string;
  /** The exposed screen's name (`./TitleDetail` is 'TitleDetail'). */
  name: string;
  load: () => Promise<{ default: ComponentType }>;
}

export interface IsolatedProps {
  /** Mount only this screen (by exposed name); otherwise route by URL. */
  screen?: string;
}

export function createIsolatedApp(remote: string, routes: RemoteRoute[]) {
  function IsolatedRoot({ screen }: IsolatedProps) {
    const screens = useMemo(() => routes.map((r) => ({ ...r, Screen: lazy(r.load) })), []);
    const only = screen ? screens.find((r) => r.name === screen) : undefined;
    return (
      <AppProviders>
        <BrowserRouter>
          <Suspense fallback={<p role="status">Loading…</p>}>
            <Routes>
              {only ? (
                <Route path="*" element={<only.Screen />} />
              ) : (
                screens.map((r) => <Route key={r.path} path={r.path} element={<r.Screen />} />)
              )}
            </Routes>
          </Suspense>
        </BrowserRouter>
      </AppProviders>
    );
  }

  const createLifecycles = () =>
    singleSpaReact<IsolatedProps>({
      React,
      ReactDOMClient,
      rootComponent: IsolatedRoot,
      errorBoundary: (err: Error) => (
        <p role="alert">
          {remote} failed: {err.message}
        </p>
      ),
    });

  /** The dev harness: every screen of the remote, against the API at ?api= (default localhost:4000). */
  function renderHarness(container: HTMLElement) {
    const api = new URLSearchParams(location.search).get('api');
    if (api) setRuntimeConfig({ apiOrigin: api });
    ReactDOMClient.createRoot(container).render(
      <>
        <nav
          aria-label={`${remote} screens`}
          style={{ padding: '0.5rem 1rem', borderBottom: '1px solid var(--sf-color-border)' }}
        >
          <strong>{remote} harness</strong>{' '}
          {routes.map((r) => (
            <a key={r.path} href={r.path.replace(/:[^/]+/g, '1')} style={{ marginLeft: '0.75rem' }}>
              {r.name}
            </a>
          ))}
        </nav>
        <IsolatedRoot />
      </>,
    );
  }

  return { IsolatedRoot, createLifecycles, renderHarness };
}
