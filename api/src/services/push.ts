import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT } from 'jose';
import { InProcessBus, type ClusterBus } from './cluster-bus';

export interface PushMessage {
  id: string;
  title: string;
  body: string;
  link: string | null;
  kind: string;
  createdAt: string;
}

type Listener = (message: PushMessage) => void;

/**
 * Delivers a notification to a user's open browser tabs. Server-sent events are
 * always on (the shell subscribes when FCM isn't configured); FCM is added on top
 * when a service account is configured and the user registered a token.
 */
export class PushHub {
  private readonly listeners = new Map<string, Set<Listener>>();

  /**
   * The viewer's streams may be held by any API instance, so messages travel over the cluster bus and
   * each instance delivers to the listeners it holds. FCM is sent once, by the instance that publishes.
   */
  constructor(
    private readonly fcm: FcmSender | null,
    private readonly bus: ClusterBus = new InProcessBus(),
  ) {
    bus.subscribe('push', ({ userId, message }) => this.deliver(userId, message));
  }

  get fcmEnabled(): boolean {
    return this.fcm !== null;
  }

  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  connections(userId: string): number {
    return this.listeners.get(userId)?.size ?? 0;
  }

  publish(userId: string, message: PushMessage, fcmToken: string | null): void {
    // The notification is already in the inbox; a lost bus message only means the open tab shows it late.
    this.bus.publish('push', { userId, message }).catch(() => undefined);
    if (this.fcm && fcmToken) void this.fcm.send(fcmToken, message);
  }

  private deliver(userId: string, message: PushMessage): void {
    for (const listener of this.listeners.get(userId) ?? []) listener(message);
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
