/** Types for the early hints the static server (plain Node) and its test share. */
export type RouteRemotes = { loggedIn?: [string, string][]; loggedOut?: [string, string][] };
export declare function remoteForPath(
  table: [string, string][],
  pathname: string,
): string | undefined;
export declare function earlyHints(
  compositionDocument: unknown,
  pathname: string,
  routes: RouteRemotes | null,
): string;
