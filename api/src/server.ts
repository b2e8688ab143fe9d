import path from 'node:path';
import { buildApp } from './app';
import { buildCatalogue } from './domains/catalogue/data/catalogue-data';
import { ConfigError, optionsFromEnv } from './config';
import { MediaState, ensureMedia, listMedia, stopMediaGeneration } from './domains/playback';

async function main(): Promise<void> {
  const options = optionsFromEnv(process.env, path.resolve(__dirname, '..', 'data'));
  const mediaRoot = options.mediaRoot ?? path.join(options.dataDir, 'media');
  const media = new MediaState(mediaRoot);
  media.setClips(listMedia(mediaRoot));
  const app = await buildApp({ ...options, mediaRoot, media, catalogue: () => buildCatalogue() });

  const port = Number(process.env.PORT ?? 4000);
  const host = process.env.HOST ?? '127.0.0.1';
  await app.listen({ port, host });
  app.log.info(
    `API ready at http://${host}:${port}/v1 (OpenAPI: /v1/openapi.json, data: ${options.dataDir})`,
  );

  // Media generation takes minutes the first time; the API answers meanwhile (503 for clips not yet ready).
  // MEDIA_DIR is a folder every instance reads; the lock makes one instance generate while the others
  // serve what exists, then find every clip complete and generate nothing.
  // MEDIA_CLIPS / MEDIA_CLIP_SECONDS narrow the set (the multi-instance test uses one short clip).
  media.status = 'generating';
  const keys = process.env.MEDIA_CLIPS?.split(',').filter(Boolean);
  const durationSeconds = Number(process.env.MEDIA_CLIP_SECONDS) || undefined;
  app.ctx
    .exclusive('media', () =>
      ensureMedia(mediaRoot, {
        keys,
        durationSeconds,
        onProgress: (msg) => app.log.info(`media: ${msg}`),
      }),
    )
    .then((clips) => {
      media.setClips(clips);
      media.status = 'ready';
      app.log.info(`Media ready: ${clips.length} clips in ${mediaRoot}`);
    })
    .catch((err: unknown) => {
      media.status = 'failed';
      media.error = err instanceof Error ? err.message : String(err);
      app.log.error({ err }, 'Media generation failed; playback will answer 503');
    });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    stopMediaGeneration();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('exit', stopMediaGeneration);
}

main().catch((err: unknown) => {
  console.error('The API could not start:', err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
