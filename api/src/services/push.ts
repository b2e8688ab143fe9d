import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT } from 'jose';

export interface PushMessage {
  id: string;
  title: string;
  body: string;
  link: string | null;
  kind: string;
  createdAt: string;
}

type Listener = (message: PushMessage) => void;

/** Enough for a viewer's tabs and devices; more is a leak or abuse, and the oldest stream gives way. */
export const MAX_STREAMS_PER_USER = 8;

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
 */
export class PushHub {
  /** Per user, in the order the streams opened (Sets keep insertion order). */
  private readonly streams = new Map<string, Set<Stream>>();

  constructor(private readonly fcm: FcmSender | null) {}

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

  /** Ends every stream opened under one of these sessions. */
  endSessions(sessionIds: Iterable<string>): number {
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

  publish(userId: string, message: PushMessage, fcmToken: string | null): void {
    for (const stream of this.streams.get(userId) ?? []) stream.listener(message);
    if (this.fcm && fcmToken) void this.fcm.send(fcmToken, message);
  }
}

/** FCM HTTP v1 with a service-account JSON: a self-signed JWT is exchanged for an OAuth token. */
export class FcmSender {
  private accessToken: { value: string; expiresAt: number } | null = null;
  private readonly account: { project_id: string; client_email: string; private_key: string };

  constructor(
    serviceAccountFile: string,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {
    this.account = JSON.parse(readFileSync(serviceAccountFile, 'utf8'));
  }

  private async token(): Promise<string> {
    if (this.accessToken && this.accessToken.expiresAt > Date.now() + 60_000)
      return this.accessToken.value;
    const key = await importPKCS8(this.account.private_key, 'RS256');
    const assertion = await new SignJWT({
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(this.account.client_email)
      .setAudience('https://oauth2.googleapis.com/token')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const res = await fetch('https://oauth2.googleapis.com/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }),
    });
    const body = (await res.json()) as { access_token: string; expires_in: number };
    this.accessToken = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return body.access_token;
  }

  async send(fcmToken: string, message: PushMessage): Promise<void> {
    try {
      const res = await fetch(
        `https://fcm.googleapis.com/v1/projects/${this.account.project_id}/messages:send`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${await this.token()}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            message: {
              token: fcmToken,
              notification: { title: message.title, body: message.body },
              data: { id: message.id, kind: message.kind, link: message.link ?? '' },
            },
          }),
        },
      );
      if (!res.ok) this.log(`FCM send failed with HTTP ${res.status}`);
    } catch (err) {
      this.log('FCM send failed', err);
    }
  }
}
