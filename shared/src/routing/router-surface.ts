/**
 * The react-router-dom exports the apps may use: the shared router contract.
 * Shared modules are not tree-shaken by default and all of react-router is
 * ~60 KB gzip; every build keeps exactly this surface (rspack.config.base.ts),
 * so a remote works with whichever copy the federation runtime picks. The
 * shell's router-surface test fails when code imports anything else.
 */
export const ROUTER_SURFACE = [
  'BrowserRouter',
  'MemoryRouter',
  'Routes',
  'Route',
  'Navigate',
  'Link',
  'NavLink',
  'Outlet',
  'useNavigate',
  'useLocation',
  'useParams',
  'useSearchParams',
  'useMatch',
  'useRoutes',
  'useHref',
  'useInRouterContext',
  'useNavigationType',
  'useResolvedPath',
  'useOutletContext',
  'generatePath',
  'matchPath',
  'createSearchParams',
] as const;
