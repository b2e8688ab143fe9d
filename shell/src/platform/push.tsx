import { toast } from 'react-toastify';
import {
  apiBaseUrl,
  fcmTokenAtom,
  getAccessToken,
  getRuntimeConfig,
  isLoggedInAtom,
  sessionStore,
} from '@streamflix/shared';

export interface PushMessage {
  title: string;
  body: string;
}

/** Spec §2: a top-centre, light toast with the title and body, 5 s, pausable, draggable. */
export function showPushToast(message: PushMessage) {
  toast(
    <div>
      <strong>{message.title}</strong>
      <div>{message.body}</div>
    </div>,
    {
      position: 'top-center',
      autoClose: 5000,
      pauseOnHover: true,
      draggable: true,
      theme: 'light',
    },
  );
}

async function requestPermission(): Promise<NotificationPermission> {
  if (typeof Notification === 'undefined') return 'denied';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return 'denied';
  }
}

/** Firebase Cloud Messaging, loaded on demand so it never weighs on first load. */
async function startFirebasePush(): Promise<() => void> {
  const { firebase, vapidKey } = getRuntimeConfig();
  const [{ initializeApp }, { getMessaging, getToken, onMessage }] = await Promise.all([
    import('firebase/app'),
    import('firebase/messaging'),
  ]);
  const app = initializeApp(firebase!);
  const messaging = getMessaging(app);
  try {
    const token = await getToken(messaging, { vapidKey });
    if (token) sessionStore.set(fcmTokenAtom, token);
  } catch (err) {
    // Spec §8: a failed token request is only logged.
    console.warn('[push] the push token request failed', err);
  }
  return onMessage(messaging, (payload) => {
    showPushToast({
      title: payload.notification?.title ?? 'Streamflix',
      body: payload.notification?.body ?? '',
    });
  });
}

/**
 * Without Firebase configured, the API's server-sent event stream delivers the
 * same messages (local push); reconnects follow the session.
 */
function startLocalPush(): () => void {
  let source: EventSource | null = null;
  const connect = () => {
    source?.close();
    source = null;
    const token = getAccessToken();
    if (!token || typeof EventSource === 'undefined') return;
    source = new EventSource(
      `${apiBaseUrl()}/notifications/stream?access_token=${encodeURIComponent(token)}`,
    );
    source.addEventListener('notification', (e) => {
      try {
        const data = JSON.parse((e as MessageEvent<string>).data) as Partial<PushMessage>;
        if (data.title) showPushToast({ title: data.title, body: data.body ?? '' });
      } catch {
        // A malformed message is dropped; the stream stays up.
      }
    });
  };
  connect();
  const unsubscribe = sessionStore.sub(isLoggedInAtom, connect);
  return () => {
    unsubscribe();
    source?.close();
  };
}

export function startPush(): () => void {
  let stop: () => void = () => undefined;
  let cancelled = false;
  void requestPermission().then(async (permission) => {
    if (cancelled) return;
    if (getRuntimeConfig().firebase && permission === 'granted') {
      try {
        stop = await startFirebasePush();
        return;
      } catch (err) {
        console.warn('[push] Firebase messaging is unavailable; using local push', err);
      }
    }
    stop = startLocalPush();
  });
  return () => {
    cancelled = true;
    stop();
  };
}
