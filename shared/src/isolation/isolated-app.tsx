import React, { Suspense, lazy, useEffect, useMemo, useRef, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import {
  BrowserRouter,
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigationType,
} from 'react-router-dom';
import singleSpaReact from 'single-spa-react';
import { AppProviders } from '../app-providers';
import { ScreenElement, type AnyScreen } from '../routing/screen-props';
import { setRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { on } from '../events/app-events';
import { reloadSessionFromStorage } from '../session/session-atoms';

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
  load: () => Promise<{ default: AnyScreen }>;
}

/** One line per screen in a remote's `remote-routes.ts`: `remoteRoute('/login', 'Login', () => import('./exposes/login'))`. */
export const remoteRoute = (
  path: string,
  name: string,
  load: RemoteRoute['load'],
): RemoteRoute => ({ path, name, load });

export interface IsolatedProps {
  /** Mount only this screen (by exposed name); otherwise route by URL. */
  screen?: string;
  /** From a host: its run-time config (this copy of the shared package has its own). */
  config?: RuntimeConfig;
  /** From a host: the location to render, and how to move the host's router. */
  path?: string;
  navigate?: HostNavigate;
}

type HostNavigate = (to: string, options?: { replace?: boolean }) => void;

/** What a host passes a remote's lifecycles: single-spa's own props, and ours. */
export interface IsolatedMountProps extends IsolatedProps {
  /** single-spa's name for this mount, e.g. `mf_player:Watch`. */
  name: string;
  /** Where the remote renders its own React root. */
  domElement: HTMLElement | null;
  singleSpa: object;
  mountParcel: (...args: never[]) => unknown;
}

/**
 * A remote's `./lifecycles` expose, as the shell calls it (its types are published with each
 * deploy, and the shell's typecheck holds its mount props against them).
 */
export interface IsolatedLifecycles {
  bootstrap: (props: IsolatedMountProps) => Promise<unknown>;
  mount: (props: IsolatedMountProps) => Promise<unknown>;
  unmount: (props: IsolatedMountProps) => Promise<unknown>;
}

/**
 * Inside a host, the remote routes in memory and hands every navigation to the
 * host's router: the address bar, history and back/forward stay the host's.
 */
function HostRouter({
  path,
  navigate,
  children,
}: {
  path: string;
  navigate: HostNavigate;
  children: ReactNode;
}) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <ForwardNavigation initial={path} navigate={navigate} />
      {children}
    </MemoryRouter>
  );
}

function ForwardNavigation({ initial, navigate }: { initial: string; navigate: HostNavigate }) {
  const location = useLocation();
  const type = useNavigationType();
  const current = `${location.pathname}${location.search}${location.hash}`;
  const first = useRef(true);
  useEffect(() => {
    if (first.current && current === initial) return;
    first.current = false;
    navigate(current, { replace: type === 'REPLACE' });
  }, [current, initial, navigate, type]);
  return null;
}

export function createIsolatedApp(remote: string, routes: RemoteRoute[]) {
  function IsolatedRoot({ screen, config, path, navigate }: IsolatedProps) {
    useMemo(() => config && setRuntimeConfig(config), [config]);
    // The host's login or logout changed storage: this copy of the session re-reads it.
    useEffect(() => on('session:changed', () => reloadSessionFromStorage()), []);
    const screens = useMemo(() => routes.map((r) => ({ ...r, Screen: lazy(r.load) })), []);
    const only = screen ? screens.find((r) => r.name === screen) : undefined;
    const content = (
      <Suspense fallback={<p role="status">Loading…</p>}>
        <Routes>
          {only ? (
            <>
              {/* Its own pattern first, so a screen with parameters (a title, a watch page) reads
                  them; any other path the host routes here still shows it. */}
              <Route path={only.path} element={<ScreenElement Screen={only.Screen} />} />
              <Route path="*" element={<ScreenElement Screen={only.Screen} />} />
            </>
          ) : (
            screens.map((r) => (
              <Route key={r.path} path={r.path} element={<ScreenElement Screen={r.Screen} />} />
            ))
          )}
        </Routes>
      </Suspense>
    );
    return (
      <AppProviders>
        {path !== undefined && navigate ? (
          <HostRouter path={path} navigate={navigate}>
            {content}
          </HostRouter>
        ) : (
          <BrowserRouter>{content}</BrowserRouter>
        )}
      </AppProviders>
    );
  }

  const createLifecycles = (): IsolatedLifecycles => {
    const lifecycles = singleSpaReact<IsolatedProps>({
      React,
      // Its own React root beside the host's: ids made by useId (a label's `for`) must not repeat the
      // host's, or a label would name the host's control (both roots count from _r_0_).
      ReactDOMClient: {
        ...ReactDOMClient,
        createRoot: (container: Element | DocumentFragment) =>
          ReactDOMClient.createRoot(container, { identifierPrefix: `${remote}-` }),
      },
      rootComponent: IsolatedRoot,
      errorBoundary: (err: Error) => (
        <p role="alert">
          {remote} failed: {err.message}
        </p>
      ),
    });
    // single-spa's own prop types are wider than what our hosts pass: narrowed to ours here.
    type SingleSpaProps = Parameters<typeof lifecycles.mount>[0];
    return {
      bootstrap: (props) => lifecycles.bootstrap(props as unknown as SingleSpaProps),
      mount: (props) => lifecycles.mount(props as unknown as SingleSpaProps),
      unmount: (props) => lifecycles.unmount(props as unknown as SingleSpaProps),
    };
  };

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
            <a
              key={r.path}
              href={r.path.replace(/:[^/]+/g, '1')}
              style={{ marginInlineStart: '0.75rem' }}
            >
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
