import { readFileSync } from 'node:fs';
import type { App } from 'firebase-admin/app';
import { InProcessBus, type ClusterBus } from '../../../lib/cluster-bus';
import type { PushMessage } from './push-message';

export type { PushMessage };

type Listener = (message: PushMessage) => void;

/**
 * Enough for a viewer's tabs and devices; more is a leak or abuse, and the oldest stream gives way.
 * Counted per instance: each instance caps the streams it holds.
 */
export const MAX_STREAMS_PER_USER = 8;

/** Session ids per bus event: well under PostgreSQL's NOTIFY payload limit. */
const SESSIONS_PER_EVENT = 100;

interface Stream {
  userId: string;
  sessionId: string;
  listener: Listener;
  /** Closes the connection; the stream's own cleanup then unsubscribes it. */
  end: () => void;
}

/**
 * Delivers a notification to a user's open browser tabs. Server-sent events are
 * always on (the shell subscribes when FCM isn't configured); FCM is added on top
 * when a service account is configured and the user registered a token.
 * Each stream belongs to a session: ending the session ends its streams.
 *
 * The viewer's streams may be held by any API instance, so messages and session ends travel over the
 * cluster bus and each instance acts on the streams it holds. FCM is sent once, by the instance that
 * publishes.
 */
export class PushHub {
  /** Per user, in the order the streams opened (Sets keep insertion order). */
  private readonly streams = new Map<string, Set<Stream>>();

  constructor(
    private readonly fcm: FcmSender | null,
    private readonly bus: ClusterBus = new InProcessBus(),
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {
    bus.subscribe('push', ({ userId, message }) => this.deliver(userId, message));
    bus.subscribe('sessions_ended', ({ sessionIds }) => this.endLocalSessions(sessionIds));
  }

  get fcmEnabled(): boolean {
    return this.fcm !== null;
  }

  subscribe(
    userId: string,
    listener: Listener,
    owner: { sessionId: string; end: () => void } = { sessionId: '', end: () => undefined },
  ): () => void {
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    const stream: Stream = { userId, listener, ...owner };
    set.add(stream);
    while (set.size > MAX_STREAMS_PER_USER) {
      const oldest = set.values().next().value!;
      set.delete(oldest);
      oldest.end();
    }
    return () => {
      set.delete(stream);
      if (set.size === 0 && this.streams.get(userId) === set) this.streams.delete(userId);
    };
  }

  /**
   * Ends every stream opened under one of these sessions, on every instance. Resolves once the
   * instances have been told (on SQLite, once this process's streams have ended).
   */
  async endSessions(sessionIds: Iterable<string>): Promise<void> {
    const ids = [...new Set(sessionIds)];
    // Session ids are short, but logout-all may end many: keep each event under the bus's size limit.
    for (let i = 0; i < ids.length; i += SESSIONS_PER_EVENT) {
      await this.bus
        .publish('sessions_ended', { sessionIds: ids.slice(i, i + SESSIONS_PER_EVENT) })
        // A stream missed here still ends at its next keep-alive, which re-checks its session.
        .catch((err: unknown) => this.log('Could not announce ended sessions', err));
    }
  }

  private endLocalSessions(sessionIds: string[]): number {
    const ids = new Set(sessionIds);
    let ended = 0;
    for (const set of [...this.streams.values()]) {
      for (const stream of [...set]) {
        if (!ids.has(stream.sessionId)) continue;
        set.delete(stream);
        if (set.size === 0) this.streams.delete(stream.userId);
        stream.end();
        ended += 1;
      }
    }
    return ended;
  }

  connections(userId: string): number {
    return this.streams.get(userId)?.size ?? 0;
  }

  /** Every stream this instance holds (a gauge for operators; counted when scraped). */
  get openStreams(): number {
    let open = 0;
    for (const set of this.streams.values()) open += set.size;
    return open;
  }

  /**
   * Streams get the message at once; FCM is sent in the background. Resolves
   * with the registration tokens FCM says are dead, for the caller to forget.
   */
  publish(userId: string, message: PushMessage, fcmTokens: string[] = []): Promise<string[]> {
    // The notification is already in the inbox; a lost bus message only means the open tab shows it late.
    this.bus
      .publish('push', { userId, message })
      .catch((err: unknown) => this.log('Could not announce a notification to the streams', err));
    if (!this.fcm || fcmTokens.length === 0) return Promise.resolve([]);
    return this.fcm.send(fcmTokens, message);
  }

  private deliver(userId: string, message: PushMessage): void {
    for (const stream of this.streams.get(userId) ?? []) stream.listener(message);
  }
}

/** FCM answers these for a token that will never work again: uninstalled, expired, or not a token. */
const DEAD_TOKEN_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);

/**
 * FCM through the Admin SDK (firebase-admin), with a service-account JSON file.
 * Loaded only when configured, so the API starts without it. Messages are
 * data-only: the shell's firebase-messaging-sw.js shows them (and opens the
 * link on click) in the background, the page shows its toast in the foreground.
 */
export class FcmSender {
  private app: Promise<App> | null = null;
  private readonly serviceAccount: Record<string, string>;

  constructor(
    serviceAccountFile: string,
    private readonly log: (msg: string, err?: unknown) => void,
    private readonly appUrl = '',
  ) {
    this.serviceAccount = JSON.parse(readFileSync(serviceAccountFile, 'utf8'));
  }

  private firebaseApp(): Promise<App> {
    this.app ??= import('firebase-admin/app').then(({ cert, initializeApp }) =>
      initializeApp({ credential: cert(this.serviceAccount) }, 'streamflix-push'),
    );
    return this.app;
  }

  async send(tokens: string[], message: PushMessage): Promise<string[]> {
    try {
      const { getMessaging } = await import('firebase-admin/messaging');
      const link = message.link ?? '/notification';
      const result = await getMessaging(await this.firebaseApp()).sendEachForMulticast({
        tokens,
        data: {
          id: message.id,
          kind: message.kind,
          title: message.title,
          body: message.body,
          link,
          createdAt: message.createdAt,
        },
        webpush: {
          headers: { Urgency: 'high' },
          ...(this.appUrl ? { fcmOptions: { link: new URL(link, this.appUrl).toString() } } : {}),
        },
      });
      const dead: string[] = [];
      result.responses.forEach((r, i) => {
        if (r.success) return;
        if (r.error && DEAD_TOKEN_CODES.has(r.error.code)) dead.push(tokens[i]!);
        else this.log(`FCM send failed for one device: ${r.error?.code ?? 'unknown'}`);
      });
      return dead;
    } catch (err) {
      this.log('FCM send failed', err);
      return [];
    }
  }
}
