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

export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface LocalPushDeps {
  /** A fresh single-use ticket for every (re)connect, asked with the current (refreshed) token. */
  requestTicket: () => Promise<TicketResult>;
  open: (url: string) => EventSourceLike;
  deliver: (message: PushMessage) => void;
  schedule?: (run: () => void, ms: number) => () => void;
  random?: () => number;
}

/**
 * The local push channel: the API's event stream. A ticket opens the stream
 * once, so the browser's own EventSource retry (same URL) cannot work; every
 * drop is handled here instead, with backoff and a fresh ticket.
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
    const current = deps.open(ticket.url);
    source = current;
    current.addEventListener('ready', () => {
      attempt = 0;
    });
    current.addEventListener('notification', (event) => {
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
      retryLater();
    });
  };

  void connect();
  return () => {
    stopped = true;
    cancelRetry?.();
    source?.close();
    source = null;
  };
}
