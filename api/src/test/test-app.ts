import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import type { CatalogueSeed } from '../domains/catalogue';
import { MediaState } from '../domains/playback';
import { fixtureCatalogue } from './fixture-catalogue';
import { createTestDatabase, onPostgres } from './test-database';
import { recordAnswer, takeContractViolations } from './contract-checker';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  catalogue: CatalogueSeed;
  close(): Promise<void>;
}

/** Fake HLS output for every clip key: enough for entitlement and serving tests, no ffmpeg. */
export function writeFakeMedia(mediaRoot: string, keys: Iterable<string>): void {
  for (const key of keys) {
    const dir = path.join(mediaRoot, key);
    mkdirSync(path.join(dir, '360p'), { recursive: true });
    writeFileSync(
      path.join(dir, 'master.m3u8'),
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\n360p/index.m3u8\n',
    );
    writeFileSync(
      path.join(dir, '360p', 'index.m3u8'),
      '#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\nseg0.ts\n#EXT-X-ENDLIST\n',
    );
    writeFileSync(path.join(dir, '360p', 'seg0.ts'), Buffer.alloc(1000, 0x47));
    mkdirSync(path.join(dir, 'subs'), { recursive: true });
    writeFileSync(path.join(dir, 'subs', 'en.vtt'), 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n');
  }
}

export async function buildTestApp(
  options: Partial<BuildAppOptions> & { catalogue?: () => CatalogueSeed } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'streamflix-api-test-'));
  const catalogue = (options.catalogue ?? fixtureCatalogue)();
  const mediaRoot = path.join(dataDir, 'media');
  writeFakeMedia(
    mediaRoot,
    new Set([
      ...catalogue.titles.flatMap((t) => [t.mediaKey, t.trailerKey]),
      ...catalogue.episodes.map((e) => e.mediaKey),
    ]),
  );
  const media = new MediaState(mediaRoot);
  media.status = 'ready';
  // In the api-pg project the same tests run on a database of their own on the throwaway server.
  const pg = onPostgres() && !options.databaseUrl ? await createTestDatabase() : null;
  const app = await buildApp({
    dataDir,
    dbFile: ':memory:',
    databaseUrl: pg?.url,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
    scryptLog2N: 10,
    media,
    mediaRoot,
    // Most suites test behaviour, not deployment settings; src/security/ builds deployed-mode apps.
    development: true,
    devRoutes: true,
    // Shedding would make any suite flaky on a busy machine; operations tests turn it on.
    pressure: false,
    ...options,
    // Suites register many viewers from one address; src/security/ sets the limit it tests.
    rateLimit: { publicWrites: 10_000, ...options.rateLimit },
    catalogue: () => catalogue,
  });
  await app.ready();
  checkAnswersAgainstContract(app);
  return {
    app,
    dataDir,
    catalogue,
    async close() {
      await app.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every answer a test gets through `app.inject` is checked against the checked-in OpenAPI document
 * (contract-checker.ts): its status code must be one the operation lists and its body must validate
 * against that code's schema. Streams are left alone.
 */
function checkAnswersAgainstContract(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  app.inject = ((options?: unknown, callback?: unknown) => {
    // The chain and callback forms are not used by the suites; they pass through unchecked.
    if (options === undefined || callback !== undefined) return inject(options, callback);
    const opts = (typeof options === 'string' ? { url: options } : options) as InjectOptions;
    return (inject(opts) as Promise<LightMyRequestResponse>).then((res) => {
      const url = opts.url ?? opts.path;
      if (typeof url === 'string' && !opts.payloadAsStream)
        recordAnswer({
          method: opts.method ?? 'GET',
          url,
          statusCode: res.statusCode,
          headers: res.headers,
          rawPayload: res.rawPayload,
        });
      return res;
    });
  }) as FastifyInstance['inject'];
}

/** Fails the test (or, for answers outside tests, the file) that got an answer the contract refuses. */
function failOnContractViolations(): void {
  const found = takeContractViolations();
  if (found.length > 0)
    throw new Error(
      `The API answered outside its OpenAPI document (shared/src/contract/openapi.json):\n- ${found.join('\n- ')}`,
    );
}
if (typeof afterEach === 'function') {
  afterEach(failOnContractViolations);
  afterAll(failOnContractViolations);
}

/**
 * One test app for the whole file: built before its first test, closed after its last. What it returns
 * reads through to the built app, so tests use `t.app` as with buildTestApp.
 */
export function useTestApp(options: Parameters<typeof buildTestApp>[0] = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(options);
  });
  afterAll(() => built?.close());
  const current = (): TestApp => {
    if (!built)
      throw new Error('The test app is built in beforeAll: use it inside hooks and tests.');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get dataDir() {
      return current().dataDir;
    },
    get catalogue() {
      return current().catalogue;
    },
    close: () => current().close(),
  };
}

/** `post('/path', payload?, headers?)` against /v1. */
export const postTo =
  (app: () => FastifyInstance) =>
  (url: string, payload?: unknown, headers?: Record<string, string>) =>
    app().inject({ method: 'POST', url: `/v1${url}`, payload: payload as object, headers });

/** The code in the latest email to this address (emails go out after the answer). */
export async function latestCode(app: FastifyInstance, email: string): Promise<string> {
  await app.ctx.background.settled();
  const res = await app.inject({ url: `/v1/dev/outbox?email=${encodeURIComponent(email)}` });
  return res.json().data.messages[0].code as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `call(method, '/path', payload?, token?)` against /v1, as the viewer `defaultToken()` names unless told otherwise. */
export const callAs =
  (app: () => FastifyInstance, defaultToken: () => string) =>
  (method: string, url: string, payload?: unknown, token = defaultToken()) =>
    app().inject({
      method: method as 'GET',
      url: `/v1${url}`,
      payload: payload as object,
      headers: bearer(token),
    });

let counter = 0;
/**
 * Sign-up as a viewer does it: register, read the code from the dev outbox, verify.
 * `over` goes into the register form.
 */
export async function registerUser(app: FastifyInstance, over: Record<string, unknown> = {}) {
  counter += 1;
  const email = `viewer${counter}-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  const started = await app.inject({
    method: 'POST',
    url: '/v1/auth/register',
    payload: { name: `Viewer ${counter}`, email, password, country: 'US', ...over },
  });
  if (started.statusCode !== 202)
    throw new Error(`register failed: ${started.statusCode} ${started.body}`);
  const to = String(over.email ?? email);
  const code = await signUpCode(app, to);
  const res = await app.inject({
    method: 'POST',
    url: '/v1/auth/register/verify',
    payload: { signUpId: started.json().data.signUpId, code },
  });
  if (res.statusCode !== 201) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return {
    email: to,
    password: String(over.password ?? password),
    user: body.data.user as { id: string },
    tokens: body.data.tokens as { access: string; refresh: string },
  };
}

/** The latest sign-up code emailed to this address (the email is sent after the answer). */
export async function signUpCode(app: FastifyInstance, email: string): Promise<string> {
  await app.ctx.background.settled();
  // Behind a configured proxy the outbox answers its token only (dev-outbox-routes.ts).
  const token = app.ctx.config.devRoutesToken;
  const outbox = await app.inject({
    url: `/v1/dev/outbox?email=${encodeURIComponent(email)}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const message = (outbox.json().data.messages as { kind: string; code?: string }[]).find(
    (m) => m.kind === 'sign-up-code',
  );
  if (!message?.code) throw new Error(`no sign-up code emailed to ${email}`);
  return message.code;
}
