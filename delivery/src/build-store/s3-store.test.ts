/** @jest-environment node */
import {
  GetBucketCorsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkBuild, VersionConflict } from './build-store';
import { buildStoreFromEnv } from './config';
import { type S3Store } from './s3-store';
import { startMoto, type MotoServer } from './test/moto-server';
import { sampleBuild } from './test/sample-build';

const REMOTE = 'mf_player';
const DIR = 'mf-player';
let moto: MotoServer;
let bucket: string;
let store: S3Store;

beforeAll(async () => {
  moto = await startMoto();
}, 60_000);
afterAll(() => moto?.stop());
beforeEach(async () => {
  bucket = await moto.createBucket();
  store = buildStoreFromEnv({
    DELIVERY_S3_BUCKET: bucket,
    DELIVERY_S3_ENDPOINT: moto.endpoint,
    DELIVERY_S3_PUBLIC_URL: 'https://cdn.example.test/builds',
    DELIVERY_S3_CORS_ORIGINS: 'https://staging.example.test, http://localhost:3000',
  }) as S3Store;
});

const keysOf = async () =>
  ((await moto.client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? [])
    .map((o) => o.Key!)
    .sort();
const head = (key: string) => moto.client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
const bytesOf = async (key: string) =>
  Buffer.from(
    await (
      await moto.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
    ).Body!.transformToByteArray(),
  );

describe('the S3 build store (on moto_server)', () => {
  it('publishes a version under <dir>/<version>/ with its content types, cache headers and integrity', async () => {
    const { files, record } = sampleBuild(REMOTE, '1.2.0');
    const result = await store.publish(DIR, checkBuild(REMOTE, '1.2.0', files), files);
    expect(result.created).toBe(true);
    expect(result.version).toMatchObject({
      manifest: 'https://cdn.example.test/builds/mf-player/1.2.0/mf-manifest.json',
      integrity: record.integrity,
    });
    expect(await keysOf()).toEqual(files.map((f) => `${DIR}/1.2.0/${f.path}`).sort());
    for (const file of files)
      expect(await bytesOf(`${DIR}/1.2.0/${file.path}`)).toEqual(file.bytes);

    const immutable = 'public, max-age=31536000, immutable';
    expect(await head(`${DIR}/1.2.0/121.a1ca40de.js`)).toMatchObject({
      CacheControl: immutable,
      ContentType: 'text/javascript; charset=utf-8',
    });
    expect((await head(`${DIR}/1.2.0/static/css/417.b1444617.css`)).CacheControl).toBe(immutable);
    expect((await head(`${DIR}/1.2.0/121.a1ca40de.js.map`)).CacheControl).toBe(immutable);
    expect(await head(`${DIR}/1.2.0/mf-manifest.json`)).toMatchObject({
      CacheControl: 'no-cache',
      ContentType: 'application/json; charset=utf-8',
    });
    expect((await head(`${DIR}/1.2.0/remoteEntry.js`)).CacheControl).toBe('no-cache');
    expect((await head(`${DIR}/1.2.0/@mf-types.zip`)).ContentType).toBe('application/zip');

    expect(await store.list(DIR)).toEqual([{ ...record, manifest: result.version.manifest }]);
    expect(await store.list('mf-catalog')).toEqual([]);
  });

  it('takes the same bytes again as a no-op and refuses other bytes without writing any', async () => {
    const first = sampleBuild(REMOTE, '1.2.0');
    await store.publish(DIR, first.record, first.files);
    const before = await head(`${DIR}/1.2.0/remoteEntry.js`);

    const again = await store.publish(DIR, first.record, sampleBuild(REMOTE, '1.2.0').files);
    expect(again.created).toBe(false);

    const other = sampleBuild(REMOTE, '1.2.0', 'b');
    const extra = [...other.files, { path: '999.deadbeef.js', bytes: Buffer.from('new();') }];
    await expect(store.publish(DIR, other.record, extra)).rejects.toThrow(VersionConflict);
    await expect(store.publish(DIR, other.record, other.files)).rejects.toThrow(
      /mf-player 1\.2\.0 is already published with other bytes \(remoteEntry\.js differs\)/,
    );
    expect(await keysOf()).not.toContain(`${DIR}/1.2.0/999.deadbeef.js`);
    expect(await bytesOf(`${DIR}/1.2.0/remoteEntry.js`)).toEqual(first.files[1]!.bytes);
    expect((await head(`${DIR}/1.2.0/remoteEntry.js`)).ETag).toBe(before.ETag);
  });

  it('relies on S3 refusing to replace an object (If-None-Match: *), so a racing writer loses', async () => {
    // What a pipeline that published between our check and our write leaves: S3 itself must refuse.
    const racer = sampleBuild(REMOTE, '2.0.0', 'racer');
    await moto.client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `${DIR}/2.0.0/remoteEntry.js`,
        Body: racer.files[1]!.bytes,
        IfNoneMatch: '*',
      }),
    );
    const refused = await moto.client
      .send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${DIR}/2.0.0/remoteEntry.js`,
          Body: Buffer.from('overwrite'),
          IfNoneMatch: '*',
        }),
      )
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(S3ServiceException);
    expect((refused as S3ServiceException).$metadata.httpStatusCode).toBe(412);

    const mine = sampleBuild(REMOTE, '2.0.0', 'mine');
    await expect(store.publish(DIR, mine.record, mine.files)).rejects.toThrow(VersionConflict);
    expect(await bytesOf(`${DIR}/2.0.0/remoteEntry.js`)).toEqual(racer.files[1]!.bytes);
    // Not published: no deployment.json was written, so the version is not listed.
    expect(await store.list(DIR)).toEqual([]);
  });

  it('lets exactly one of two pipelines racing to publish one version with other bytes win', async () => {
    const a = sampleBuild(REMOTE, '3.0.0', 'a');
    const b = sampleBuild(REMOTE, '3.0.0', 'b');
    const other = buildStoreFromEnv({
      DELIVERY_S3_BUCKET: bucket,
      DELIVERY_S3_ENDPOINT: moto.endpoint,
    });
    const results = await Promise.allSettled([
      store.publish(DIR, a.record, a.files),
      other.publish(DIR, b.record, b.files),
    ]);
    const won = results.findIndex((r) => r.status === 'fulfilled');
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results[1 - won] as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflict);
    const winner = won === 0 ? a : b;
    for (const file of winner.files)
      expect(await bytesOf(`${DIR}/3.0.0/${file.path}`)).toEqual(file.bytes);
    expect(await store.list(DIR)).toEqual([expect.objectContaining(winner.record)]);
  });

  it('gives the bucket CORS rules for the shells’ origins, which a browser’s preflight gets', async () => {
    await store.prepare();
    const cors = await moto.client.send(new GetBucketCorsCommand({ Bucket: bucket }));
    expect(cors.CORSRules).toEqual([
      expect.objectContaining({
        AllowedOrigins: ['https://staging.example.test', 'http://localhost:3000'],
        AllowedMethods: ['GET', 'HEAD'],
      }),
    ]);
    const { files, record } = sampleBuild(REMOTE, '1.2.0');
    await store.publish(DIR, record, files);
    const res = await fetch(`${moto.endpoint}/${bucket}/${DIR}/1.2.0/remoteEntry.js`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://staging.example.test',
        'access-control-request-method': 'GET',
      },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://staging.example.test');
  });
});
