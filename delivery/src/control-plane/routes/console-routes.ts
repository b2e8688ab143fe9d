import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

/**
 * The console: a web page of the control plane at /console, built into `dir` by console-build.ts.
 * Not part of the API (hidden from the OpenAPI document); it calls the same /v1 routes as the CLIs.
 */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Only its own files, no inline script or style, no framing: a token is typed into this page. */
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const notBuilt = (dir: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Console not built</title></head>
<body style="font-family: system-ui, sans-serif; background: #0b0c10; color: #f1f2f6; padding: 2rem">
<h1>The console is not built</h1>
<p>${dir} has no index.html. Build it with <code>npm run build -w @streamflix/delivery</code>
(<code>npm run build</code> does it too, and <code>npm run control-plane</code> builds it when it is missing),
then reload.</p>
</body></html>
`;

export const consoleRoutes: FastifyPluginAsync<{ dir: string }> = async (app, { dir }) => {
  const secure = (reply: FastifyReply) =>
    reply
      .header('content-security-policy', CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer');

  const page = async (_request: unknown, reply: FastifyReply) => {
    secure(reply).header('cache-control', 'no-cache');
    let html: Buffer;
    try {
      html = await readFile(path.join(dir, 'index.html'));
    } catch {
      return reply.status(503).type('text/html; charset=utf-8').send(notBuilt(dir));
    }
    return reply.type('text/html; charset=utf-8').send(html);
  };
  app.get('/console', { schema: { hide: true } }, page);
  app.get('/console/', { schema: { hide: true } }, page);

  app.get<{ Params: { file: string } }>(
    '/console/assets/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      const type = TYPES[path.extname(file)];
      // Names the build wrote (name.hash.ext): nothing that could leave the folder.
      if (!type || !/^[\w-]+(\.[\w-]+)*$/.test(file))
        return reply.status(404).send({ error: 'not-found', message: `No console file ${file}.` });
      let body: Buffer;
      try {
        body = await readFile(path.join(dir, 'assets', file));
      } catch {
        return reply.status(404).send({ error: 'not-found', message: `No console file ${file}.` });
      }
      // Hashed names: a new build makes new names, so a file never changes under its name.
      return secure(reply)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type(type)
        .send(body);
    },
  );
};
