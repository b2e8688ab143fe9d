import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutBucketCorsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  type BuildFile,
  type BuildStore,
  cacheControlOf,
  conflictMessage,
  contentTypeOf,
  DEPLOYMENT_FILE,
  type DeploymentRecord,
  difference,
  MANIFEST_FILE,
  newestFirst,
  publishOrder,
  type PublishResult,
  sha256Of,
  type StoredVersion,
  StoreUnavailable,
  VersionConflict,
} from './build-store';

export interface S3StoreOptions {
  bucket: string;
  region?: string;
  /** An S3-compatible endpoint (moto, MinIO, R2…); path-style addressing is used with it. */
  endpoint?: string;
  /** The CDN or bucket URL browsers load from; the bucket's own URL unless given. */
  publicUrl?: string;
  /** Origins the bucket answers CORS for (the shells'); `*` for any. */
  corsOrigins?: string[];
  /** A client of the caller's (credentials and retries as it likes); else the SDK's default chain. */
  client?: S3Client;
}

/** The sha256 of a file, kept in its metadata so a re-run compares without downloading. */
const HASH_KEY = 'sha256';

const status = (err: unknown) =>
  err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;

/**
 * Builds in an S3 bucket, `<remote-dir>/<version>/<file>`, each file written once with
 * `If-None-Match: *` so S3 itself refuses to replace it: no check-then-write race between pipelines.
 * Hashed files are cached for ever (`immutable`), entry points revalidated (`no-cache`).
 */
export class S3Store implements BuildStore {
  readonly describe: string;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicUrl: string;

  constructor(private readonly options: S3StoreOptions) {
    this.bucket = options.bucket;
    const region = options.region ?? 'us-east-1';
    this.client =
      options.client ??
      new S3Client({
        region,
        ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      });
    this.publicUrl = (
      options.publicUrl ??
      (options.endpoint
        ? `${options.endpoint.replace(/\/+$/, '')}/${this.bucket}`
        : `https://${this.bucket}.s3.${region}.amazonaws.com`)
    ).replace(/\/+$/, '');
    this.describe = `S3 bucket ${this.bucket}${options.endpoint ? ` at ${options.endpoint}` : ''} (served at ${this.publicUrl})`;
  }

  urlOf(dir: string, version: string, file: string): string {
    return `${this.publicUrl}/${dir}/${version}/${file}`;
  }

  /** Sets the bucket's CORS rules: remotes are fetched cross-origin, and integrity-checked in CORS mode. */
  async prepare(): Promise<void> {
    const origins = this.options.corsOrigins ?? ['*'];
    await this.send('configure CORS on', () =>
      this.client.send(
        new PutBucketCorsCommand({
          Bucket: this.bucket,
          CORSConfiguration: {
            CORSRules: [
              {
                AllowedOrigins: origins,
                AllowedMethods: ['GET', 'HEAD'],
                AllowedHeaders: ['*'],
                ExposeHeaders: ['ETag', 'Content-Length'],
                MaxAgeSeconds: 3600,
              },
            ],
          },
        }),
      ),
    );
  }

  async publish(dir: string, record: DeploymentRecord, files: BuildFile[]): Promise<PublishResult> {
    const { version } = record;
    const prefix = `${dir}/${version}/`;
    const stored: StoredVersion = { ...record, manifest: this.urlOf(dir, version, MANIFEST_FILE) };
    // Compare before writing anything: a refused deploy leaves no file behind.
    const published = await this.hashes(prefix);
    if (published.size) {
      const detail = difference(published, files, published.has(DEPLOYMENT_FILE));
      if (detail) throw new VersionConflict(conflictMessage(dir, version, detail));
      if (published.has(DEPLOYMENT_FILE)) return { version: stored, created: false };
    }
    let created = false;
    for (const file of publishOrder(files)) {
      if (published.has(file.path)) continue;
      const hash = sha256Of(file.bytes);
      try {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: prefix + file.path,
            Body: file.bytes,
            IfNoneMatch: '*',
            ContentType: contentTypeOf(file.path),
            CacheControl: cacheControlOf(file.path),
            Metadata: { [HASH_KEY]: hash },
          }),
        );
        created = true;
      } catch (err) {
        // 412: it exists; 409: another writer is writing it right now. Either way, compare with it.
        if (status(err) !== 412 && status(err) !== 409)
          throw this.unavailable('write', prefix + file.path, err);
        const theirs = await this.hashOf(prefix + file.path);
        if (theirs !== undefined && theirs !== hash)
          throw new VersionConflict(conflictMessage(dir, version, `${file.path} differs`));
      }
    }
    return { version: stored, created };
  }

  async list(dir: string): Promise<StoredVersion[]> {
    const keys = (await this.keys(`${dir}/`)).filter(
      (key) => key.split('/').length === 3 && key.endsWith(`/${DEPLOYMENT_FILE}`),
    );
    const versions = await Promise.all(
      keys.map(async (key) => {
        const answer = await this.send('read', () =>
          this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })),
        );
        const record = JSON.parse(await answer.Body!.transformToString()) as DeploymentRecord;
        return { ...record, manifest: this.urlOf(dir, key.split('/')[1]!, MANIFEST_FILE) };
      }),
    );
    return versions.sort(newestFirst);
  }

  /** Every key under a prefix. */
  private async keys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.send('list', () =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            ContinuationToken: token,
          }),
        ),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  /** The files under a prefix (path inside it -> sha256). */
  private async hashes(prefix: string): Promise<Map<string, string>> {
    const keys = await this.keys(prefix);
    const entries = await Promise.all(
      keys.map(async (key) => [key.slice(prefix.length), (await this.hashOf(key)) ?? ''] as const),
    );
    return new Map(entries);
  }

  private async hashOf(key: string): Promise<string | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.Metadata?.[HASH_KEY];
    } catch (err) {
      if (status(err) === 404) return undefined;
      throw this.unavailable('read', key, err);
    }
  }

  private async send<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      throw this.unavailable(what, '', err);
    }
  }

  private unavailable(what: string, key: string, err: unknown) {
    const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    return new StoreUnavailable(
      `Could not ${what} ${key ? `${key} in ` : ''}the S3 bucket ${this.bucket}: ${reason}`,
    );
  }
}
