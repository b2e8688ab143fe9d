/**
 * Events every API instance must see, whichever instance raised them: a notification for a viewer whose
 * event stream is held by another instance, a catalogue change the in-memory search index must reload.
 *
 * On SQLite one process owns the database, so the bus is in-process. On PostgreSQL it is LISTEN/NOTIFY:
 * every instance keeps one connection LISTENing (outside the query pool) and publishes with pg_notify,
 * which PostgreSQL delivers to every listener, the publisher included, once the publishing statement
 * commits. Delivery is at most once: an instance whose listening connection is down misses what was sent
 * meanwhile. That is acceptable for what travels here, because the durable state is in the database (the
 * notification row is in the viewer's inbox; the catalogue is in its tables) and the bus only says "look".
 * After a reconnect an instance therefore emits `reconnected` so subscribers can resynchronise.
 */
import { sql, type Kysely } from 'kysely';
import type { Client, ClientConfig } from 'pg';
import type { DialectName } from '../db/database';

/**
 * The channels and the payload each carries. Payloads are JSON, under PostgreSQL's 8000-byte limit.
 * A domain adds its channels by declaration merging (`declare module '.../lib/cluster-bus'`), next
 * to the code that publishes them, so the bus knows no domain.
 */
export interface ClusterEvents {
  /** The bus itself came back after losing its connection (events may have been missed). */
  reconnected: Record<string, never>;
}

export type ClusterChannel = keyof ClusterEvents;
type Handler<C extends ClusterChannel> = (payload: ClusterEvents[C]) => void;

export interface ClusterBus {
  readonly kind: 'in-process' | 'postgres';
  publish<C extends ClusterChannel>(channel: C, payload: ClusterEvents[C]): Promise<void>;
  subscribe<C extends ClusterChannel>(channel: C, handler: Handler<C>): () => void;
  close(): Promise<void>;
}

/** pg_notify rejects payloads of 8000 bytes or more; keep a margin for the channel prefix. */
export const MAX_PAYLOAD_BYTES = 7900;

class Subscribers {
  private readonly handlers = new Map<ClusterChannel, Set<Handler<ClusterChannel>>>();

  add<C extends ClusterChannel>(channel: C, handler: Handler<C>): () => void {
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler as Handler<ClusterChannel>);
    return () => set.delete(handler as Handler<ClusterChannel>);
  }

  emit(channel: ClusterChannel, payload: unknown, onError: (err: unknown) => void): void {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        handler(payload as ClusterEvents[ClusterChannel]);
      } catch (err) {
        onError(err);
      }
    }
  }
}

/** One process: handlers run synchronously inside publish, exactly as the listeners did before the bus. */
export class InProcessBus implements ClusterBus {
  readonly kind = 'in-process';
  private readonly subscribers = new Subscribers();

  constructor(private readonly log: (msg: string, err?: unknown) => void = () => {}) {}

  async publish<C extends ClusterChannel>(channel: C, payload: ClusterEvents[C]): Promise<void> {
    this.subscribers.emit(channel, payload, (err) =>
      this.log(`cluster bus: ${channel} handler failed`, err),
    );
  }

  subscribe<C extends ClusterChannel>(channel: C, handler: Handler<C>): () => void {
    return this.subscribers.add(channel, handler);
  }

  async close(): Promise<void> {}
}

/** Every channel name is prefixed so the API's events don't collide with anything else on the server. */
const PG_CHANNEL_PREFIX = 'streamflix_';
/** LISTENed on connect: every channel the domains declare (a channel left out fails the typecheck below). */
const PG_CHANNELS = [
  'push',
  'sessions_ended',
  'catalogue',
] as const satisfies readonly ClusterChannel[];
type Unlisted = Exclude<ClusterChannel, (typeof PG_CHANNELS)[number] | 'reconnected'>;
const _everyChannelListed: [Unlisted] extends [never] ? true : Unlisted = true;

export interface PostgresBusOptions {
  connectionString: string;
  /** Runs `select pg_notify($1, $2)`; the pool the API already has, so publishing needs no extra connection. */
  notify: (channel: string, payload: string) => Promise<void>;
  log?: (msg: string, err?: unknown) => void;
  /** First reconnect delay; doubles up to 5 s. */
  retryMs?: number;
  /** Gives up a connection attempt to a server that does not answer (a refused one fails at once). */
  connectTimeoutMs?: number;
}

export class PostgresBus implements ClusterBus {
  readonly kind = 'postgres';
  private readonly subscribers = new Subscribers();
  private client: Client | null = null;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly log: (msg: string, err?: unknown) => void;

  private constructor(private readonly options: PostgresBusOptions) {
    this.log = options.log ?? (() => {});
  }

  /** Resolves once the instance is listening, so nothing published after startup is missed. */
  static async connect(options: PostgresBusOptions): Promise<PostgresBus> {
    const bus = new PostgresBus(options);
    await bus.listen();
    return bus;
  }

  private async listen(): Promise<void> {
    const { Client } = await import('pg');
    const config: ClientConfig = {
      connectionString: this.options.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: this.options.connectTimeoutMs ?? 5000,
    };
    const client = new Client(config);
    client.on('notification', (msg) => {
      if (!msg.channel.startsWith(PG_CHANNEL_PREFIX) || msg.payload === undefined) return;
      const channel = msg.channel.slice(PG_CHANNEL_PREFIX.length) as ClusterChannel;
      let payload: unknown;
      try {
        payload = JSON.parse(msg.payload);
      } catch (err) {
        this.log(`cluster bus: unreadable ${channel} payload`, err);
        return;
      }
      this.subscribers.emit(channel, payload, (err) =>
        this.log(`cluster bus: ${channel} handler failed`, err),
      );
    });
    const lost = (err?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      client.removeAllListeners('error');
      client.on('error', () => {});
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.log('cluster bus: the listening connection was lost; reconnecting', err);
      this.scheduleReconnect(this.options.retryMs ?? 250);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      for (const channel of PG_CHANNELS)
        await client.query(`listen ${PG_CHANNEL_PREFIX}${channel}`);
    } catch (err) {
      // Half set up (connected, not yet listening): close it, the caller retries from the start.
      client.removeAllListeners('error');
      client.on('error', () => {});
      void client.end().catch(() => undefined);
      throw err;
    }
    this.client = client;
  }

  private scheduleReconnect(delay: number): void {
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed) return;
      this.listen().then(
        () => {
          this.log('cluster bus: listening again');
          this.subscribers.emit('reconnected', {}, (err) =>
            this.log('cluster bus: reconnected handler failed', err),
          );
        },
        (err: unknown) => {
          this.log('cluster bus: reconnect failed', err);
          // Capped near the Retry-After a client is given during an outage (database-errors.ts).
          this.scheduleReconnect(Math.min(delay * 2, 5000));
        },
      );
    }, delay);
    this.retryTimer.unref();
  }

  async publish<C extends ClusterChannel>(channel: C, payload: ClusterEvents[C]): Promise<void> {
    const text = JSON.stringify(payload);
    if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES)
      throw new Error(
        `cluster bus: a ${channel} event of ${Buffer.byteLength(text)} bytes is over the limit`,
      );
    await this.options.notify(`${PG_CHANNEL_PREFIX}${channel}`, text);
  }

  subscribe<C extends ClusterChannel>(channel: C, handler: Handler<C>): () => void {
    return this.subscribers.add(channel, handler);
  }

  /** For tests: drop the listening connection as a network failure would. */
  simulateConnectionLoss(): void {
    this.client?.emit('error', new Error('simulated connection loss'));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

/** The bus for this database: LISTEN/NOTIFY on PostgreSQL, in-process on SQLite. */
export async function openClusterBus(options: {
  dialect: DialectName;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  databaseUrl?: string;
  log?: (msg: string, err?: unknown) => void;
  connectTimeoutMs?: number;
}): Promise<ClusterBus> {
  if (options.dialect !== 'postgres' || !options.databaseUrl) return new InProcessBus(options.log);
  const { db } = options;
  return PostgresBus.connect({
    connectionString: options.databaseUrl,
    notify: async (channel, payload) => {
      await sql`select pg_notify(${channel}, ${payload})`.execute(db);
    },
    log: options.log,
    connectTimeoutMs: options.connectTimeoutMs,
  });
}
