import { useEffect, useLayoutEffect, useMemo } from 'react';
import { apiBaseUrl, Button, useI18n } from '@streamflix/shared';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  isLoggedInAtom,
  skippedAtom,
  useActiveProfile,
  useEarlyHeroArt,
  useKidsLock,
} from '@streamflix/shared';
import { allowedOnKidsProfile, KidsBlocked } from '../households/kids-guard';
import {
  isRedirect,
  matchScreen,
  routeTableFor,
  type RouteTable,
  type ScreenRoute,
} from '../routing/route-tables';
import { RemoteScreen } from './remote-screen';
import { routeTitle } from './route-titles';
import { remoteLabel } from '../routing/remotes';
import { LoadingFallback } from '../chrome/loading-fallback';
import { OptionalChunk } from '../chrome/optional-chunk';

// The shell's own page for teams and operators, in both route sets and linked nowhere.
const loadVersionsPage = () => import('../delivery/versions-page');

const loadAnalyticsDebugPage = () => import('../platform/analytics-debug-page');

/** A shell page whose chunk could not be fetched: said in the page, with Retry (the rest still works). */
function PageUnavailable({ name, retry }: { name: string; retry: () => void }) {
  const i18n = useI18n();
  return (
    <section role="alert">
      <h1>
        {i18n._({
          id: 'shell.pageUnavailable.title',
          message: '{name} could not be loaded',
          values: { name },
        })}
      </h1>
      <p>
        {i18n._({
          id: 'shell.pageUnavailable.explain',
          message: 'Check your connection. It loads again by itself when you are back online.',
        })}
      </p>
      <Button onClick={retry}>
        {i18n._({ id: 'shell.pageUnavailable.retry', message: 'Retry' })}
      </Button>
    </section>
  );
}

function TitledScreen({ route }: { route: ScreenRoute }) {
  const profile = useActiveProfile();
  const i18n = useI18n();
  const title = routeTitle(i18n, route.title);
  // A layout effect, so a screen's own passive effect naming what it shows runs after it.
  useLayoutEffect(() => {
    document.title = `${title} · Streamflix`;
  }, [title]);
  if (profile?.kids && !allowedOnKidsProfile(route)) return <KidsBlocked title={title} />;
  return <RemoteScreen remote={route.remote} expose={route.expose} />;
}

export function toRouteObjects(table: RouteTable): RouteObject[] {
  return [
    ...table.map<RouteObject>((r) =>
      isRedirect(r)
        ? { path: r.path, element: <Navigate to={r.redirectTo} replace /> }
        : { path: r.path, element: <TitledScreen route={r} /> },
    ),
    {
      path: '/versions',
      element: (
        <OptionalChunk
          load={loadVersionsPage}
          what="The versions page"
          fallback={<LoadingFallback label="Loading versions" />}
          failed={(retry) => <PageUnavailable name="Versions" retry={retry} />}
        />
      ),
    },
    {
      path: '/debug/analytics',
      element: (
        <OptionalChunk
          load={loadAnalyticsDebugPage}
          what="The analytics debug page"
          failed={(retry) => <PageUnavailable name="Analytics debug" retry={retry} />}
        />
      ),
    },
    // Unknown paths, and account-only paths for guests, land on the root (spec §2).
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}

/**
 * The title's backdrop for a watch address (`/watch/:id/...`): the player's poster (the API's
 * artwork for the route's title), which the HTML preloads. Null for any other screen or a malformed
 * escape.
 */
export function watchBackdropOf(route: ScreenRoute | undefined, pathname: string): string | null {
  if (route?.expose !== 'Watch' || !route.path.startsWith('/watch/:id/')) return null;
  try {
    const id = decodeURIComponent(pathname.split('/')[2] ?? '');
    return id ? `${apiBaseUrl()}/artwork/${encodeURIComponent(id)}/backdrop.svg` : null;
  } catch {
    return null;
  }
}

/**
 * The first screen's fallback (spec §2: the logo with four spinners), naming the remote the address
 * belongs to ("Loading player"). A watch link's shows them on the title's backdrop where the video
 * will be (issue 36: on a slow phone link the player's code arrives seconds after the HTML); the
 * signed-in home's on its hero's backdrop, when the HTML found it (shared early-hero.ts).
 */
export function RouteFallback() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const { pathname } = useLocation();
  const profile = useActiveProfile();
  const lock = useKidsLock();
  const route = matchScreen(routeTableFor(loggedIn), pathname);
  // Under a ceiling the title may be refused, and its artwork is not shown before the API has said
  // (the player shows no poster for a refused title): a kids profile, any ceiling but `all`, a
  // device kids lock (as the HTML's loading screen, watch-hints.cjs).
  const ceiling =
    lock !== null || (profile !== null && (profile.kids || (profile.maturity ?? 'all') !== 'all'));
  // The signed-in home's hero backdrop, when the HTML's own dashboard call named it.
  const hero = useEarlyHeroArt();
  return (
    <LoadingFallback
      label={route ? `Loading ${remoteLabel(route.remote)}` : 'Loading'}
      backdrop={ceiling ? null : watchBackdropOf(route, pathname)}
      hero={loggedIn && route?.expose === 'Home' ? hero : null}
    />
  );
}

/** Stores the spec's `skipped` flag whenever the path is not the site root. */
function useSkippedFlag() {
  const { pathname } = useLocation();
  const setSkipped = useSetAtom(skippedAtom);
  useEffect(() => {
    if (pathname !== '/') setSkipped(true);
  }, [pathname, setSkipped]);
}

/** The route set follows the session: logging in or out switches it without a reload. */
export function AppRoutes() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  useSkippedFlag();
  const routes = useMemo(() => toRouteObjects(routeTableFor(loggedIn)), [loggedIn]);
  return useRoutes(routes);
}
