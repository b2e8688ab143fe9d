import { parsePushMessage, type PushMessage } from './push-message';

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 60_000;

/** Exponential backoff with jitter, so a restarted API is not hit by every tab at once. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

export type TicketResult =
  | { kind: 'ok'; url: string }
  /** The session is over (the client already tried a refresh): stay closed until the next login. */
  | { kind: 'signed-out' }
  /** Offline, rate-limited or a server error: try again later. */
  | { kind: 'retry' };

/** Whether the stream is up; 'reconnecting' from a drop until the next stream is ready. */
export type PushConnection = 'live' | 'reconnecting';

export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface LocalPushDeps {
  /** A fresh single-use ticket for every (re)connect, asked with the current (refreshed) token. */
  requestTicket: () => Promise<TicketResult>;
  open: (url: string) => EventSourceLike;
  deliver: (message: PushMessage) => void;
  /** Told when the stream drops and when it is back (the reconnecting notice). */
  onConnection?: (state: PushConnection) => void;
  schedule?: (run: () => void, ms: number) => () => void;
  random?: () => number;
}

/** The stream's URL resuming after `lastEventId`: the API replays what was raised since. */
export function resumeUrl(url: string, lastEventId: string): string {
  if (!lastEventId) return url;
  const resumed = new URL(url);
  resumed.searchParams.set('lastEventId', lastEventId);
  return resumed.toString();
}

/**
 * The local push channel: the API's event stream. A ticket opens the stream
 * once, so the browser's own EventSource retry (same URL) cannot work; every
 * drop is handled here instead, with backoff and a fresh ticket. A new
 * EventSource does not send Last-Event-ID, so the last id seen goes in the URL:
 * the API instance that answers (any of them, after one dies) replays from it.
 */
export function openLocalPushChannel(deps: LocalPushDeps): () => void {
  const schedule =
    deps.schedule ??
    ((run, ms) => {
      const id = setTimeout(run, ms);
      return () => clearTimeout(id);
    });
  const random = deps.random ?? Math.random;
  let stopped = false;
  let attempt = 0;
  let source: EventSourceLike | null = null;
  let cancelRetry: (() => void) | null = null;
  let lastEventId = '';
  let connection: PushConnection = 'live';
  const tell = (state: PushConnection) => {
    if (state === connection) return;
    connection = state;
    deps.onConnection?.(state);
  };
  const remember = (event: MessageEvent<string>) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
  };

  const retryLater = () => {
    if (stopped) return;
    cancelRetry = schedule(
      () => {
        cancelRetry = null;
        void connect();
      },
      reconnectDelay(attempt, random),
    );
    attempt += 1;
  };

  const connect = async () => {
    const ticket = await deps.requestTicket();
    if (stopped) return;
    if (ticket.kind === 'signed-out') return;
    if (ticket.kind === 'retry') return retryLater();
    const current = deps.open(resumeUrl(ticket.url, lastEventId));
    source = current;
    current.addEventListener('ready', (event) => {
      remember(event);
      attempt = 0;
      tell('live');
    });
    current.addEventListener('notification', (event) => {
      remember(event);
      let message: PushMessage | null = null;
      try {
        message = parsePushMessage(JSON.parse(event.data));
      } catch {
        // A malformed message is dropped; the stream stays up.
      }
      if (message) deps.deliver(message);
    });
    current.addEventListener('error', () => {
      if (source !== current) return;
      current.close();
      source = null;
      tell('reconnecting');
      retryLater();
    });
  };

  void connect();
  return () => {
    stopped = true;
    tell('live');
    cancelRetry?.();
    source?.close();
    source = null;
  };
}
