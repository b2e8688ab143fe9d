/** Types for the early hints the static server (plain Node) and its test share. */
/** `[path, remote]`, `[path, remote, expose]` or with the screen's lazily shared libraries (route-remotes.json). */
export type RouteEntry =
  [string, string] | [string, string, string] | [string, string, string, readonly string[]];
export type RouteRemotes = { loggedIn?: RouteEntry[]; loggedOut?: RouteEntry[] };
/** boot-assets.json, written by the shell's build. */
export type BootAssets = { scripts?: string[]; styles?: string[]; httpClient?: string[] };
export declare function remoteForPath(table: RouteEntry[], pathname: string): string | undefined;
export declare function routeForPath(table: RouteEntry[], pathname: string): RouteEntry | undefined;
export declare function earlyHints(
  compositionDocument: unknown,
  pathname: string,
  routes: RouteRemotes | null,
  boot?: BootAssets | null,
  entry?: string | null,
): string;
export declare function watchEngineFor(
  compositionDocument: unknown,
  pathname: string,
  routes: RouteRemotes | null,
  entry: string | null,
): string | null;
export declare function bootFallback(compositionDocument: unknown, pathname: string): string;
