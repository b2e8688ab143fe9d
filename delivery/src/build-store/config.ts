import path from 'node:path';
import type { BuildStore } from './build-store';
import { FolderStore } from './folder-store';
import { S3Store } from './s3-store';

/** The control plane's folder store unless DELIVERY_STORE_DIR says otherwise (git-ignored). */
export const DEFAULT_BUILDS_DIR = path.resolve(__dirname, '..', '..', 'data', 'builds');

/**
 * The control plane's build store, from its environment:
 * - DELIVERY_S3_BUCKET selects S3 (credentials from the SDK's default chain: AWS_ACCESS_KEY_ID…,
 *   a profile, an instance role), with DELIVERY_S3_REGION (else AWS_REGION, us-east-1),
 *   DELIVERY_S3_ENDPOINT for an S3-compatible server, DELIVERY_S3_PUBLIC_URL for the CDN browsers load
 *   from, and DELIVERY_S3_CORS_ORIGINS (comma-separated shell origins, `*` unless set);
 * - else a folder, DELIVERY_STORE_DIR (delivery/data/builds), which the control plane serves at
 *   /builds unless DELIVERY_STORE_PUBLIC_URL names the static host that serves it.
 */
export function buildStoreFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  controlPlaneUrl = `http://localhost:${env.CONTROL_PLANE_PORT ?? 4500}`,
): BuildStore {
  const bucket = env.DELIVERY_S3_BUCKET;
  if (bucket)
    return new S3Store({
      bucket,
      region: env.DELIVERY_S3_REGION ?? env.AWS_REGION,
      endpoint: env.DELIVERY_S3_ENDPOINT || undefined,
      publicUrl: env.DELIVERY_S3_PUBLIC_URL || undefined,
      corsOrigins: originsOf(env.DELIVERY_S3_CORS_ORIGINS),
    });
  return new FolderStore(
    path.resolve(env.DELIVERY_STORE_DIR ?? DEFAULT_BUILDS_DIR),
    env.DELIVERY_STORE_PUBLIC_URL ?? `${controlPlaneUrl}/builds`,
  );
}

function originsOf(list: string | undefined): string[] | undefined {
  const origins = (list ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return origins.length ? origins : undefined;
}
