import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { constants as zlib } from 'node:zlib';
import type { ResolvedConfig } from '../config';

const LOCALHOST_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * CORS for the web app's origins. Per request: only the routes in `credentialRoutes` (the sign-in
 * calls, which take the device cookie and nothing else) take credentials, and only from an allowed
 * origin, which is echoed back (never `*`).
 */
export async function registerCors(
  app: FastifyInstance,
  config: ResolvedConfig,
  credentialRoutes: ReadonlySet<string>,
): Promise<void> {
  const allowOrigin = (origin: string | undefined) =>
    !origin ||
    config.corsOrigins.includes(origin) ||
    (config.development && LOCALHOST_ORIGIN.test(origin));
  await app.register(cors, {
    delegator: (request, cb) =>
      cb(null, {
        origin: (origin, done) => done(null, allowOrigin(origin)),
        credentials: credentialRoutes.has(request.url.split('?')[0]!),
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        // X-Kids-Lock: the device kids lock (lib/kids-lock.ts), sent by the web app and renewed by the API.
        allowedHeaders: ['Authorization', 'Content-Type', 'Range', 'Accept', 'X-Kids-Lock'],
        exposedHeaders: [
          'Content-Length',
          'Content-Range',
          'Accept-Ranges',
          'Retry-After',
          'X-Kids-Lock',
        ],
        maxAge: 600,
      }),
  });
}

/**
 * The usual security headers on every answer. An API sends data, never pages: no script may
 * run in anything it serves, and no one may frame it. Its artwork, avatars and media are
 * embedded by the web app on another origin, hence a cross-origin resource policy.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'unsafe-inline'"],
        frameAncestors: ["'none'"],
        formAction: ["'none'"],
        baseUri: ["'none'"],
        sandbox: [],
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/**
 * JSON, playlists, subtitles and SVG artwork shrink 5-10x; video segments are already
 * compressed and event streams must flush as they go, so neither is touched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    customTypes:
      /^(?:application\/(?:[\w.+-]*\+)?json|image\/svg\+xml|text\/vtt|application\/(?:vnd\.apple\.mpegurl|x-mpegurl))(?:;|$)/,
    // Brotli's default quality (11) costs more CPU per response than it saves on the wire.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
