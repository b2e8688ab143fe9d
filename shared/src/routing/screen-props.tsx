import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { getRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';

/** The names of a route pattern's parameters: `'/movie/:type/:id'` gives `'type' | 'id'`. */
export type PathParams<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

/**
 * What the shell gives every exposed screen: the parameters of the route it answers and the
 * run-time configuration. A screen declares the ones it reads, `ScreenProps<'type' | 'id'>` for
 * `/movie/:type/:id`; the shell's typecheck (remote-contracts.ts) holds each declaration against
 * the shell's route for that screen, so a renamed parameter fails it on either side.
 */
export interface ScreenProps<Params extends string = never> {
  params: { readonly [K in Params]: string };
  config: RuntimeConfig;
}

/**
 * Render an exposed screen with its props, read from the router it is mounted under (the shell's
 * for a screen in the page, the remote's own for an isolated mount or its standalone harness).
 */
export function ScreenElement({ Screen }: { Screen: AnyScreen }) {
  const Rendered = Screen as ComponentType<ScreenProps<string>>;
  const params = useParams() as Readonly<Record<string, string>>;
  return <Rendered params={params} config={getRuntimeConfig()} />;
}

/**
 * Any exposed screen, whichever parameters it declares (each declares its own, so no one props
 * type fits them all; remote-contracts.ts checks each against its route).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyScreen = ComponentType<any>;

/**
 * A screen's parameters: the ones its host passed, else (a host from before hosts passed them,
 * 0.3.x and older shells) the router's. Missing ones are undefined, as at an isolated mount's
 * other paths.
 */
export function useScreenParams<P extends string>(
  params: ScreenProps<P>['params'] | undefined,
): Partial<Record<P, string>> {
  const routed = useParams() as Partial<Record<P, string>>;
  return params ?? routed;
}
