import {
  Component,
  lazy,
  useEffect,
  useRef,
  useState,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  Button,
  buttonClassName,
  getRuntimeConfig,
  on,
  reloadSessionFromStorage,
  ScreenElement,
  useI18n,
  type AnyScreen,
} from '@streamflix/shared';
import type { RemoteName } from '@streamflix/composition';
import type { IsolatedLifecycles } from '@streamflix/shared/isolated';
import {
  loadExposed,
  RemoteLoadError,
  resetRemote,
  resolveRemote,
} from '../composition/remote-registry';
import { pushSignal } from '../delivery/signals/signal-queue';
import { forgetScreens, loadScreen, loadedScreen } from './screen-prefetch';
import { remoteLabel } from '../routing/remotes';
import styles from './remote-screen.module.css';

type ScreenModule = { default: AnyScreen };
const lazyScreens = new Map<string, LazyExoticComponent<AnyScreen>>();

function lazyScreen(remote: RemoteName, expose: string): LazyExoticComponent<AnyScreen> {
  const key = `${remote}/${expose}`;
  let screen = lazyScreens.get(key);
  if (!screen) {
    screen = lazy(() => {
      // Already prefetched: a thenable that resolves synchronously lets React render the screen
      // in the same pass, without showing the fallback (and paying its minimum display time).
      const ready = loadedScreen(remote, expose);
      if (ready) {
        const mod = checked(key, ready);
        return { then: (resolve: (m: ScreenModule) => void) => resolve(mod) } as never;
      }
      return resolveRemote(remote).then(({ mount }) =>
        mount === 'isolated'
          ? { default: () => <IsolatedScreen remote={remote} expose={expose} /> }
          : loadScreen(remote, expose).then((mod) => checked(key, mod)),
      );
    });
    lazyScreens.set(key, screen);
  }
  return screen;
}

function checked(key: string, mod: { default: unknown }): ScreenModule {
  if (typeof mod.default !== 'function' && typeof mod.default !== 'object') {
    throw new Error(`${key} does not export a screen component.`);
  }
  return mod as ScreenModule;
}

function forgetRemote(remote: RemoteName) {
  for (const key of [...lazyScreens.keys()])
    if (key.startsWith(`${remote}/`)) lazyScreens.delete(key);
  forgetScreens(remote);
  resetRemote(remote);
}

interface BoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

/**
 * Owned by the shell: whatever a remote does (fails to load, times out,
 * throws while rendering) stays inside this box, and the rest of the product
 * keeps working.
 */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[shell] ${this.props.remote} failed`, error, info.componentStack);
    pushSignal({
      kind: error instanceof RemoteLoadError ? 'load-failure' : 'boundary',
      remote: this.props.remote,
      message: error.message,
    });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <RemoteFailure
        remote={this.props.remote}
        error={this.state.error}
        onRetry={this.props.onRetry}
      />
    );
  }
}

function RemoteFailure({
  remote,
  error,
  onRetry,
}: {
  remote: RemoteName;
  error: Error;
  onRetry: () => void;
}) {
  const i18n = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    // data-screen-failed: a watch link's early playback (mf-player early-playback.ts) stops on it.
    <section
      className={styles.error}
      role="alert"
      aria-labelledby="remote-error-title"
      data-screen-failed
    >
      <h1 id="remote-error-title" ref={heading} tabIndex={-1}>
        {i18n._({
          id: 'shell.remoteFailure.title',
          message: 'This part of Streamflix is unavailable right now',
        })}
      </h1>
      <p>
        {offline
          ? i18n._({
              id: 'shell.remoteFailure.offline',
              message: 'The {part} could not be loaded. You appear to be offline.',
              values: { part: remoteLabel(remote) },
            })
          : i18n._({
              id: 'shell.remoteFailure.online',
              message: 'The {part} could not be loaded. Everything else still works.',
              values: { part: remoteLabel(remote) },
            })}
      </p>
      <p className={styles.detail}>{error.message}</p>
      <div className={styles.actions}>
        <Button onClick={onRetry}>
          {i18n._({ id: 'shell.remoteFailure.retry', message: 'Retry' })}
        </Button>
        <Link className={buttonClassName('secondary')} to="/">
          {i18n._({ id: 'shell.remoteFailure.home', message: 'Go to home' })}
        </Link>
      </div>
    </section>
  );
}

/**
 * Mount a remote screen through its single-spa lifecycles, in its own React
 * root with its own copies of the shared packages. Its links move the shell's
 * router (so back/forward work), and a login or logout on either side reaches
 * the other through storage and the session event.
 */
function IsolatedScreen({ remote, expose }: { remote: RemoteName; expose: string }) {
  const host = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<Error | null>(null);
  const [session, setSession] = useState(0);
  if (error) throw error;
  useEffect(
    () =>
      on('session:changed', () => {
        // The remote's own copy of the session may have changed storage: re-read it here.
        reloadSessionFromStorage();
        setSession((n) => n + 1);
      }),
    [],
  );
  useEffect(() => {
    let lifecycles: IsolatedLifecycles | null = null;
    let cancelled = false;
    const props = shellMountProps(remote, expose, host.current, location, (to, options) =>
      navigate(to, options),
    );
    loadExposed<IsolatedLifecycles>(remote, 'lifecycles')
      .then(async (l) => {
        if (cancelled) return;
        lifecycles = l;
        await l.bootstrap(props);
        if (!cancelled) await l.mount(props);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e : new Error(String(e))));
    return () => {
      cancelled = true;
      void lifecycles?.unmount(props);
    };
    // A new shell location (or session) remounts the screen at that location.
  }, [remote, expose, location.key, session]);
  return <div ref={host} className={styles.isolated} data-remote={remote} data-mount="isolated" />;
}

/**
 * What the shell passes a remote's lifecycles for an isolated mount. Its type is held against
 * the types each remote publishes (`remote-contracts.ts`): a remote that stops accepting one of
 * these, or requires another, fails the shell's typecheck.
 */
export function shellMountProps(
  remote: RemoteName,
  expose: string,
  domElement: HTMLDivElement | null,
  at: { pathname: string; search: string; hash: string },
  navigate: (to: string, options?: { replace?: boolean }) => void,
) {
  return {
    name: `${remote}:${expose}`,
    screen: expose,
    domElement,
    singleSpa: {},
    mountParcel: () => undefined,
    config: getRuntimeConfig(),
    path: `${at.pathname}${at.search}${at.hash}`,
    navigate,
  };
}
export type ShellMountProps = ReturnType<typeof shellMountProps>;

export function RemoteScreen({ remote, expose }: { remote: RemoteName; expose: string }) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    forgetRemote(remote);
    setAttempt((a) => a + 1);
  };
  const Screen = lazyScreen(remote, expose);
  return (
    <RemoteErrorBoundary key={`${remote}/${expose}#${attempt}`} remote={remote} onRetry={retry}>
      {/* No boundary of its own: the shell's one boundary above the routes keeps the screen on view
          during a route change (a transition) and shows the fallback only for the first screen. */}
      <ScreenElement Screen={Screen} />
    </RemoteErrorBoundary>
  );
}
