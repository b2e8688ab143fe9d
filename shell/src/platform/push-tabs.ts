import type { PushMessage } from './push-message';

const CHANNEL = 'streamflix:push';
const LEADER_LOCK = 'streamflix:push-leader';

type TabMessage =
  | { type: 'notification'; message: PushMessage; toastTab: string | null }
  | { type: 'focus'; tab: string }
  | { type: 'gone'; tab: string };

export interface PushTabs {
  /** Called by the leader's channel for each message it receives. */
  publish(message: PushMessage): void;
  stop(): void;
}

/**
 * A viewer with several tabs gets each message once: one tab (the holder of a
 * Web Lock) keeps the connection, and hands every message to all tabs over a
 * BroadcastChannel, naming the tab the viewer used last as the one that shows
 * the toast. Every tab updates its unread count. When the leader closes, the
 * lock passes to a waiting tab, which connects.
 */
export function coordinatePushTabs(opts: {
  /** Start the push channel while this tab leads; returns its stop. */
  lead: (publish: (message: PushMessage) => void) => () => void;
  receive: (message: PushMessage, showToast: boolean) => void;
}): PushTabs {
  const me =
    typeof crypto !== 'undefined' && crypto.randomUUID
      ? crypto.randomUUID()
      : String(Math.random());
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  const seen = new Set<string>();
  let lastFocused: string | null = document.hasFocus() ? me : null;
  let stopLead: (() => void) | null = null;
  let releaseLock: (() => void) | null = null;
  const abort = new AbortController();

  const firstTime = (id: string) => {
    if (seen.has(id)) return false;
    seen.add(id);
    // Ids only guard against a repeat after a reconnect; a few hundred is plenty.
    if (seen.size > 500) seen.delete(seen.values().next().value!);
    return true;
  };

  const publish = (message: PushMessage) => {
    if (!firstTime(message.id)) return;
    const toastTab = lastFocused ?? me;
    channel?.postMessage({ type: 'notification', message, toastTab } satisfies TabMessage);
    opts.receive(message, toastTab === me);
  };

  const onChannel = (event: MessageEvent<TabMessage>) => {
    const data = event.data;
    if (data.type === 'focus') lastFocused = data.tab;
    else if (data.type === 'gone') {
      if (lastFocused === data.tab) lastFocused = null;
    } else if (data.type === 'notification' && firstTime(data.message.id)) {
      opts.receive(data.message, data.toastTab === me);
    }
  };
  const announceFocus = () => {
    if (document.visibilityState !== 'visible') return;
    lastFocused = me;
    channel?.postMessage({ type: 'focus', tab: me } satisfies TabMessage);
  };
  const announceGone = () => channel?.postMessage({ type: 'gone', tab: me } satisfies TabMessage);

  channel?.addEventListener('message', onChannel);
  window.addEventListener('focus', announceFocus);
  document.addEventListener('visibilitychange', announceFocus);
  window.addEventListener('pagehide', announceGone);
  if (lastFocused === me) announceFocus();

  const becomeLeader = () => {
    stopLead = opts.lead(publish);
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && channel) {
    locks
      .request(
        LEADER_LOCK,
        { signal: abort.signal },
        () =>
          new Promise<void>((resolve) => {
            releaseLock = resolve;
            becomeLeader();
          }),
      )
      .catch(() => undefined); // aborted while waiting: this tab stopped before it led
  } else {
    // No locks or no channel: every tab connects on its own (still one toast per tab).
    becomeLeader();
  }

  return {
    publish,
    stop() {
      abort.abort();
      stopLead?.();
      stopLead = null;
      releaseLock?.();
      announceGone();
      channel?.removeEventListener('message', onChannel);
      channel?.close();
      window.removeEventListener('focus', announceFocus);
      document.removeEventListener('visibilitychange', announceFocus);
      window.removeEventListener('pagehide', announceGone);
    },
  };
}
