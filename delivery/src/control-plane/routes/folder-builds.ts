import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { cacheControlOf, checkFilePath, contentTypeOf } from '../../build-store/build-store';
import type { FolderStore } from '../../build-store/folder-store';
import { HttpProblem } from '../http-problem';

/**
 * The folder store served as a CDN would serve the bucket (`/builds/<remote-dir>/<version>/<file>`), so
 * a control plane without S3 still gives manifest URLs that load: same cache headers as the bucket, and
 * CORS for any origin (shells load remotes cross-origin, integrity-checked).
 */
export const folderBuilds =
  (store: FolderStore): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Params: { '*': string } }>(
      '/builds/*',
      { schema: { hide: true } },
      async (request, reply) => {
        const file = request.params['*'];
        const notFound = new HttpProblem(404, 'not-found', `There is no build file ${file}.`);
        try {
          checkFilePath(file);
        } catch {
          throw notFound;
        }
        const full = path.join(store.root, ...file.split('/'));
        const info = await stat(full).catch(() => null);
        if (!info?.isFile()) throw notFound;
        return reply
          .header('content-type', contentTypeOf(file))
          .header('content-length', info.size)
          .header('cache-control', cacheControlOf(file))
          .header('access-control-allow-origin', '*')
          .send(createReadStream(full));
      },
    );
  };
