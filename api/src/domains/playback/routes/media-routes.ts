import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RoutesPlugin } from '../../../lib/define-routes';
import type { PlaybackContext } from '../playback-context';
import { HttpError, forbidden, unavailable } from '../../../lib/http-errors';
import { MediaUrlSigner } from '../../../lib/media-urls';

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

function parseRange(
  header: string,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.split(',')[0]!.trim());
  if (!match) return null; // unknown units: ignore the header and send everything
  const [, a, b] = match;
  if (a === '' && b === '') return 'invalid';
  let start: number;
  let end: number;
  if (a === '') {
    start = Math.max(0, size - Number(b));
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/**
 * Static files with byte ranges: HLS players and Safari's native player need 206 answers.
 * Returns whether it answered. (Not the reply itself: a FastifyReply is a thenable, so
 * returning it from an async function would resolve to undefined once sent.)
 */
async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  root: string,
  relative: string,
  cacheControl: (ext: string) => string,
): Promise<boolean> {
  const file = path.resolve(root, relative);
  if (!file.startsWith(path.resolve(root) + path.sep)) return false;
  const ext = path.extname(file).toLowerCase();
  const type = CONTENT_TYPES[ext];
  if (!type) return false;
  let info;
  try {
    info = await stat(file);
  } catch {
    return false;
  }
  if (!info.isFile()) return false;
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  reply
    .header('content-type', type)
    .header('accept-ranges', 'bytes')
    .header('cache-control', cacheControl(ext))
    .header('etag', etag)
    .header('last-modified', info.mtime.toUTCString());
  if (request.headers['if-none-match'] === etag && !request.headers.range) {
    reply.status(304).send();
    return true;
  }
  const rangeHeader = request.headers.range;
  if (rangeHeader) {
    const range = parseRange(rangeHeader, info.size);
    if (range === 'invalid') {
      reply
        .status(416)
        .header('content-range', `bytes */${info.size}`)
        .header('content-type', 'application/json')
        .send({ status: false, message: 'The requested range is not satisfiable.' });
      return true;
    }
    if (range) {
      reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
        .header('content-length', range.end - range.start + 1);
      reply.send(request.method === 'HEAD' ? '' : createReadStream(file, range));
      return true;
    }
  }
  reply.header('content-length', info.size);
  reply.send(request.method === 'HEAD' ? '' : createReadStream(file));
  return true;
}

/** Everything under one signed media folder: /media/s/<token>/<titleId>/<mediaKey>/<file>. */
type SignedParams = { token: string; titleId: string; '*': string };

export const mediaRoutes: RoutesPlugin<PlaybackContext> = async (app, { ctx }) => {
  const signer = new MediaUrlSigner(ctx.config.mediaUrlSecret, ctx.config.mediaUrlTtlSeconds);
  const access = ctx.mediaAccess;

  app.get<{ Params: SignedParams }>(
    '/media/s/:token/:titleId/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const { token, titleId } = request.params;
      const relative = request.params['*'];
      const mediaKey = relative.split('/')[0] ?? '';
      const verified = signer.verify(token, titleId, mediaKey);
      if (verified === 'invalid') throw forbidden('This media address is not valid.');
      if (verified === 'expired')
        throw forbidden('This media address has expired. Start playback again.');
      const refusal = await access.check(titleId, mediaKey, verified.lease, request.maturity);
      if (refusal) throw new HttpError(refusal.statusCode, refusal.message, refusal.errors);
      if (!/^[\w-]+$/.test(mediaKey)) throw forbidden('This media address is not valid.');
      // Within the signed media key's folder only: `clip-a/../clip-b/` stays refused.
      const within = relative.slice(mediaKey.length + 1);
      const sent = await sendFile(
        request,
        reply,
        path.join(ctx.media.root, mediaKey),
        within,
        (ext) =>
          // Private: the address is this viewer's. Playlists are tiny and may be regenerated;
          // segments never change (and the warm-up leaves the first ones in the browser's cache).
          ext === '.m3u8' ? 'private, max-age=60' : 'private, max-age=86400, immutable',
      );
      if (sent) return reply;
      if (ctx.media.preparing && !ctx.media.isReady(mediaKey)) {
        throw unavailable(
          'This video is still being prepared on the server. Try again in a minute.',
          30,
        );
      }
      return reply.status(404).send({ status: false, message: 'That media file does not exist.' });
    },
  );

  // Media is only ever handed out signed (lib/media-urls.ts): a bare address plays for nobody.
  app.get('/media/*', { schema: { hide: true } }, async () => {
    throw forbidden(
      'Media addresses are signed for one viewer: start playback through /v1/playback/{titleId}.',
    );
  });

  app.get<{ Params: { '*': string } }>(
    '/uploads/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const sent = await sendFile(
        request,
        reply,
        path.join(ctx.config.dataDir, 'uploads'),
        request.params['*'],
        () => 'public, max-age=86400',
      );
      return sent
        ? reply
        : reply.status(404).send({ status: false, message: 'That file does not exist.' });
    },
  );
};
