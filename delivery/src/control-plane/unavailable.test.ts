import { createServer } from 'node:net';
import { Client } from 'pg';
import { StoreUnavailable } from '../build-store/build-store';
import { isUnavailable } from './unavailable';

/** A port nothing listens on: taken, then released. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('isUnavailable', () => {
  it('knows a PostgreSQL that cannot be reached, as pg reports it', async () => {
    const client = new Client({
      host: '127.0.0.1',
      port: await closedPort(),
      connectionTimeoutMillis: 2000,
    });
    const err = await client.connect().catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isUnavailable(err)).toBe(true);
  });

  it('knows an unreachable build store, and not a bug', () => {
    expect(isUnavailable(new StoreUnavailable('Could not list the S3 bucket b: timeout'))).toBe(
      true,
    );
    expect(isUnavailable(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(
      false,
    );
    expect(isUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});
