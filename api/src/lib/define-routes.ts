import type {
  FastifyPluginAsyncTypebox,
  TypeBoxTypeProvider,
} from '@fastify/type-provider-typebox';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { AppContext } from './app-context';
import { bearerSecurity, requireAuth, requireSelf } from '../plugins/auth';
import { ErrorEnvelope, MessageOnly, replies } from './common-schemas';
import { kidsProfileRefused } from './http-errors';
import type { AuthContext } from './auth-tokens';

type Schema = TSchema | undefined;

const KIDS_REFUSED_NOTE = 'A kids profile is refused (403, errors.profile = "kids_profile").';

/** The request of a route, typed from its TypeBox schemas (a missing one is `unknown`). */
export type RouteRequest<P extends Schema, Q extends Schema, B extends Schema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  { params: P; querystring: Q; body: B },
  TypeBoxTypeProvider
>;

/**
 * Who may call. `public`: anyone (a bearer token, when sent, is still checked: `auth` is the viewer or null).
 * `signed-in`: a valid bearer token (401). `self`: the user named by the path's `:id` only (401, then 403).
 */
export type Access = 'public' | 'signed-in' | 'self';

/** What a handler returns: the envelope without `status`, which is always true on success. */
export type Answer<D extends Schema> = D extends TSchema
  ? { message: string; data: Static<D> }
  : { message: string };

export interface RouteSpec<
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  D extends Schema,
  A extends Access,
> {
  summary: string;
  description?: string;
  /** The module's OpenAPI tags, unless this route belongs elsewhere in the docs. */
  tags?: string[];
  access?: A;
  /**
   * `refused`: a session whose active profile is a kids profile gets 403 (errors.profile = "kids_profile")
   * before anything else runs: account, billing, password, device and profile-management operations.
   * security/kids-profile.test.ts walks every operation, so a new one must say what a kid may do.
   */
  kidsProfile?: 'refused';
  params?: P;
  querystring?: Q;
  body?: B;
  /** The success envelope's `data`; without it the answer is `{ status, message }`. */
  reply?: D;
  /** Success status code (200 unless the route creates or accepts something). */
  status?: 200 | 201 | 202;
  /** The whole response map, only where a route's documented answers differ from the convention. */
  response?: Record<string, TSchema>;
  config?: FastifyContextConfig;
  /** Bytes; the app's 1 MiB unless the route takes only a little. */
  bodyLimit?: number;
  consumes?: string[];
  handler: (
    request: RouteRequest<P, Q, B>,
    auth: A extends 'public' ? AuthContext | null : AuthContext,
    reply: FastifyReply,
  ) => Promise<Answer<D>>;
}

type Declare = <
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  D extends Schema = undefined,
  A extends Access = 'public',
>(
  url: string,
  spec: RouteSpec<P, Q, B, D, A>,
) => void;

export type RouteDeclarations = Record<'get' | 'post' | 'put' | 'patch' | 'delete', Declare>;

type TypeboxApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** What a domain's plugin hands each of its route modules: its context (AppContext and its own services). */
export interface RoutesOptions<C extends AppContext = AppContext> {
  ctx: C;
}

/** A route module of a domain whose context is C. */
export type RoutesPlugin<C extends AppContext = AppContext> = FastifyPluginAsyncTypebox<
  RoutesOptions<C>
>;

/**
 * Registers a domain's route modules with its context: `v1` under /v1 (the contract), `root` at the
 * root (media files, /metrics). The OpenAPI document orders paths by the contract (app.ts), not by
 * the order domains register in.
 */
export async function registerRoutes<C extends AppContext>(
  app: FastifyInstance,
  ctx: C,
  routes: { v1: RoutesPlugin<C>[]; root?: RoutesPlugin<C>[] },
): Promise<void> {
  await app.register(
    async (v1) => {
      for (const plugin of routes.v1) await v1.register(plugin, { ctx });
    },
    { prefix: '/v1' },
  );
  for (const plugin of routes.root ?? []) await app.register(plugin, { ctx });
}

/**
 * A route module: one plugin whose routes share an OpenAPI tag and the conventions of this API in one place:
 * the access check before the handler, the bearer security note, and the `{ status, message, data? }`
 * success envelope next to the error envelope. `app` is there for what is not an envelope route
 * (an event stream, a raw-body webhook).
 */
export function defineRoutes<C extends AppContext = AppContext>(
  tags: string[],
  register: (route: RouteDeclarations, ctx: C, app: TypeboxApp) => void | Promise<void>,
): RoutesPlugin<C> {
  return async (app, opts) => {
    const declare =
      (method: HTTPMethods): Declare =>
      (url, spec) => {
        const access: Access = spec.access ?? 'public';
        if (access === 'self' && !url.includes(':id'))
          throw new Error(`${method} ${url}: access "self" needs an :id path parameter`);
        const status = spec.status ?? 200;
        const refusesKids = spec.kidsProfile === 'refused';
        const description = refusesKids
          ? [spec.description, KIDS_REFUSED_NOTE].filter(Boolean).join(' ')
          : spec.description;
        const schema = {
          tags: spec.tags ?? tags,
          summary: spec.summary,
          description,
          security: access === 'public' ? undefined : bearerSecurity,
          consumes: spec.consumes,
          params: spec.params,
          querystring: spec.querystring,
          body: spec.body,
          response:
            spec.response ??
            (spec.reply
              ? replies(spec.reply, status)
              : { [status]: MessageOnly, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope }),
        };
        app.route({
          method,
          url,
          config: spec.config,
          bodyLimit: spec.bodyLimit,
          // After the app's auth hook and before the body is parsed or validated: a kids session learns
          // nothing from a route it may not use, whatever it sends.
          ...(refusesKids
            ? {
                onRequest: async (request: FastifyRequest) => {
                  if (request.auth?.kids) throw kidsProfileRefused();
                },
              }
            : {}),
          // Swagger documents every key it is given, so leave out what the route does not have.
          schema: Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined)),
          handler: async (request, reply) => {
            const auth =
              access === 'self'
                ? requireSelf(request, (request.params as { id: string }).id)
                : access === 'signed-in'
                  ? requireAuth(request)
                  : request.auth;
            // Fastify has validated the request against these very schemas before the handler runs.
            const typed = request as unknown as Parameters<typeof spec.handler>[0];
            const answer = await spec.handler(
              typed,
              auth as Parameters<typeof spec.handler>[1],
              reply,
            );
            reply.code(status);
            return { status: true as const, ...answer };
          },
        });
      };
    await register(
      {
        get: declare('GET'),
        post: declare('POST'),
        put: declare('PUT'),
        patch: declare('PATCH'),
        delete: declare('DELETE'),
      },
      opts.ctx,
      app,
    );
  };
}
