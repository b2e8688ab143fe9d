import { GetBucketCorsCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { sriOf } from '../build-store/build-store';
import { buildStoreFromEnv } from '../build-store/config';
import { startMoto, type MotoServer } from '../build-store/test/moto-server';
import { sampleBuild } from '../build-store/test/sample-build';
import { bearer, buildTestControlPlane } from './test/test-control-plane';
import { uploadBody } from './test/upload';

/** A team's pipeline deploying through the control plane into a real S3-compatible bucket (moto_server). */
describe('deploying through the control plane into S3', () => {
  let moto: MotoServer;
  let bucket: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    moto = await startMoto();
  }, 60_000);
  afterAll(() => moto?.stop());
  beforeEach(async () => {
    bucket = await moto.createBucket();
    app = await buildTestControlPlane({
      builds: buildStoreFromEnv({
        DELIVERY_S3_BUCKET: bucket,
        DELIVERY_S3_ENDPOINT: moto.endpoint,
        DELIVERY_S3_CORS_ORIGINS: 'https://staging.example.test',
      }),
    });
  });
  afterEach(() => app.close());

  test('a team token deploys its remote; the bucket holds it, integrity and all', async () => {
    const token = (await app.controlPlane.tokens.create({ team: 'player' })).token;
    const { files, record } = sampleBuild('mf_player', '1.4.0');
    const res = await app.inject({
      method: 'PUT',
      url: '/v1/remotes/mf_player/versions/1.4.0',
      headers: bearer(token),
      payload: uploadBody(files, { ciRun: 'https://ci.example.test/runs/7' }),
    });
    expect(res.statusCode).toBe(201);
    const manifest = `${moto.endpoint}/${bucket}/mf-player/1.4.0/mf-manifest.json`;
    expect(res.json()).toMatchObject({ manifest, integrity: record.integrity, created: true });

    // The control plane set the bucket's CORS rules when it started.
    const cors = await moto.client.send(new GetBucketCorsCommand({ Bucket: bucket }));
    expect(cors.CORSRules?.[0]?.AllowedOrigins).toEqual(['https://staging.example.test']);

    // What the CDN serves (its read access is the bucket policy's business, not the control plane's).
    const entry = await moto.client.send(
      new GetObjectCommand({ Bucket: bucket, Key: 'mf-player/1.4.0/remoteEntry.js' }),
    );
    expect(entry.CacheControl).toBe('no-cache');
    expect(sriOf(Buffer.from(await entry.Body!.transformToByteArray()))).toBe(record.integrity);
    const chunk = await moto.client.send(
      new HeadObjectCommand({ Bucket: bucket, Key: 'mf-player/1.4.0/121.a1ca40de.js' }),
    );
    expect(chunk.CacheControl).toBe('public, max-age=31536000, immutable');

    const list = await app.inject({ url: '/v1/remotes/mf_player/versions' });
    expect(list.json()).toEqual({ items: [{ ...record, manifest }] });
    const again = await app.inject({
      method: 'PUT',
      url: '/v1/remotes/mf_player/versions/1.4.0',
      headers: bearer(token),
      payload: uploadBody(sampleBuild('mf_player', '1.4.0', 'other').files),
    });
    expect(again.statusCode).toBe(409);
  });

  test("another team's token gets 403 naming the owner, and nothing reaches the bucket", async () => {
    const token = (await app.controlPlane.tokens.create({ team: 'checkout' })).token;
    const res = await app.inject({
      method: 'PUT',
      url: '/v1/remotes/mf_player/versions/1.4.0',
      headers: bearer(token),
      payload: uploadBody(sampleBuild('mf_player', '1.4.0').files),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden', owner: 'player' });
    expect(res.json().message).toContain('mf_player is owned by team player');
    expect((await app.inject({ url: '/v1/remotes/mf_player/versions' })).json()).toEqual({
      items: [],
    });
    const audit = await app.inject({ url: '/v1/audit?outcome=refused', headers: bearer(token) });
    expect(audit.json().items).toEqual([
      expect.objectContaining({ action: 'deploy', team: 'checkout', remote: 'mf_player' }),
    ]);
  });
});
