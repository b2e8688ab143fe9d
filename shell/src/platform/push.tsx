import { toast, type ToastOptions } from 'react-toastify';
import {
  apiBaseUrl,
  fcmTokenAtom,
  getRuntimeConfig,
  getUserId,
  isLoggedInAtom,
  sessionStore,
} from '@streamflix/shared';
import { registerPushToken, unregisterPushToken } from '../api/push-token';
import { requestStreamTicket as postStreamTicket } from '../api/request-stream-ticket';
import { dropFcmToken, syncFcmToken } from './fcm-token';
import { openLocalPushChannel, type TicketResult } from './local-push-channel';
import { parsePushMessage, type PushMessage } from './push-message';
import { coordinatePushTabs } from './push-tabs';
import { pushConnection } from './push-connection';
import { noteNewNotification } from './unread-count';
import styles from './push-toast.module.css';

/** Spec §2/§9: top-centre, light, 5 s, pausable on hover, draggable. */
export const PUSH_TOAST_OPTIONS = {
  position: 'top-center',
  autoClose: 5000,
  pauseOnHover: true,
  draggable: true,
  theme: 'light',
  closeOnClick: false,
} as const satisfies ToastOptions;

/** Opens a notification's target inside the app (a router navigation) or, for another origin, the page. */
export type OpenTarget = (link: string) => void;

export function showPushToast(message: PushMessage, open: OpenTarget) {
  const target = message.link ?? '/notification';
  toast(
    ({ closeToast }) => (
      <button
        type="button"
        className={styles.toast}
        onClick={() => {
          closeToast();
          open(target);
        }}
      >
        <strong className={styles.title}>{message.title}</strong>
        {message.body && <span className={styles.body}>{message.body}</span>}
      </button>
    ),
    { ...PUSH_TOAST_OPTIONS, toastId: message.id },
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

/** Its own scope, so it never competes with the app's offline service worker at "/". */
export const FCM_SW_URL = '/firebase-messaging-sw.js';
export const FCM_SW_SCOPE = '/firebase-cloud-messaging-push-scope';

/**
 * Firebase Cloud Messaging, loaded on demand so it never weighs on first load.
 * The host generates /firebase-messaging-sw.js from the same composition
 * document, so the worker and the page always use the same Firebase project.
 */
async function startFirebasePush(deliver: (message: PushMessage) => void): Promise<() => void> {
  const { firebase, vapidKey } = getRuntimeConfig();
  if (!('serviceWorker' in navigator)) throw new Error('service workers are not available');
  const [{ initializeApp }, { getMessaging, getToken, deleteToken, onMessage }, registration] =
    await Promise.all([
      import('firebase/app'),
      import('firebase/messaging'),
      navigator.serviceWorker.register(FCM_SW_URL, { scope: FCM_SW_SCOPE }),
    ]);
  const messaging = getMessaging(initializeApp(firebase!));
  const stored = () => sessionStore.get(fcmTokenAtom);
  const store = (token: string | null) => sessionStore.set(fcmTokenAtom, token);
  const follow = () => {
    if (sessionStore.get(isLoggedInAtom)) {
      void syncFcmToken({
        getToken: () => getToken(messaging, { vapidKey, serviceWorkerRegistration: registration }),
        stored,
        store,
        register: registerPushToken,
        unregister: unregisterPushToken,
      });
    } else {
      void dropFcmToken({ stored, store, deleteToken: () => deleteToken(messaging) });
    }
  };
  follow();
  const unsubscribe = sessionStore.sub(isLoggedInAtom, follow);
  const stopMessages = onMessage(messaging, (payload) => {
    const message = parsePushMessage({
      ...payload.data,
      title: payload.notification?.title ?? payload.data?.title,
      body: payload.notification?.body ?? payload.data?.body,
    });
    if (message) deliver(message);
  });
  return () => {
    unsubscribe();
    stopMessages();
  };
}

/** A ticket for the API's event stream, asked with the current token (the client refreshes it first if needed). */
async function requestStreamTicket(): Promise<TicketResult> {
  const result = await postStreamTicket();
  if (result.status) {
    const origin = new URL(apiBaseUrl()).origin;
    return { kind: 'ok', url: new URL(result.data.streamUrl, origin).toString() };
  }
  if (result.httpStatus === 401 || result.httpStatus === 403) return { kind: 'signed-out' };
  return { kind: 'retry' };
}

/**
 * Without Firebase, the API's event stream delivers the same messages (local
 * push). One tab holds the stream; every tab hears each message once.
 */
function startLocalPush(open: OpenTarget): () => void {
  let tabs: { stop(): void } | null = null;
  const follow = () => {
    tabs?.stop();
    tabs = null;
    if (!sessionStore.get(isLoggedInAtom) || typeof EventSource === 'undefined') return;
    tabs = coordinatePushTabs({
      lead: (publish) =>
        openLocalPushChannel({
          requestTicket: requestStreamTicket,
          open: (url) => new EventSource(url),
          deliver: publish,
          onConnection: pushConnection.set,
        }),
      receive: (message, showToast) => {
        noteNewNotification(getUserId());
        if (showToast) showPushToast(message, open);
      },
    });
  };
  follow();
  const unsubscribe = sessionStore.sub(isLoggedInAtom, follow);
  return () => {
    unsubscribe();
    tabs?.stop();
  };
}

export function startPush(open: OpenTarget): () => void {
  let stop: () => void = () => undefined;
  let cancelled = false;
  // Spec §2: asked on load either way.
  const asked = requestPermission();
  // Local push shows its messages inside the page and needs no permission. Chromium holds a
  // background tab's permission request until that tab is shown again, so waiting for the answer
  // left a second tab's messages (count included) undelivered (a clean CI run, two tabs).
  if (!getRuntimeConfig().firebase) return startLocalPush(open);
  void asked.then(async (permission) => {
    if (cancelled) return;
    if (permission === 'granted') {
      try {
        stop = await startFirebasePush((message) => {
          noteNewNotification(getUserId());
          showPushToast(message, open);
        });
        return;
      } catch (err) {
        console.warn('[push] Firebase messaging is unavailable; using local push', err);
      }
    }
    if (!cancelled) stop = startLocalPush(open);
  });
  return () => {
    cancelled = true;
    stop();
  };
}
