import vm from 'node:vm';
import { firebaseMessagingSw, FIREBASE_VERSION } from './firebase-messaging-sw.cjs';

const firebase = {
  apiKey: 'AIza-placeholder',
  authDomain: 'streamflix-staging.firebaseapp.com',
  projectId: 'streamflix-staging',
  messagingSenderId: '1234567890',
  appId: '1:1234567890:web:abc',
};

/** Runs the generated worker against fakes of the worker globals and the compat SDK. */
// The worker under test is plain JavaScript; its events are shaped by each test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler = (event: any) => unknown;

function runWorker(source: string) {
  const handlers: Record<string, Handler> = {};
  const shown: Array<{ title: string; options: { data?: unknown; body?: string } }> = [];
  const opened: string[] = [];
  let background: Handler | undefined;
  const init = jest.fn();
  const self = {
    location: { origin: 'https://app.streamflix.example' },
    registration: {
      showNotification: (title: string, options: { data?: unknown; body?: string }) =>
        shown.push({ title, options }),
    },
    addEventListener: (type: string, fn: Handler) => (handlers[type] = fn),
    clients: {
      matchAll: async () => [],
      openWindow: async (url: string) => opened.push(url),
    },
  };
  const imported: string[] = [];
  vm.runInNewContext(source, {
    self,
    URL,
    importScripts: (...urls: string[]) => imported.push(...urls),
    firebase: {
      initializeApp: init,
      messaging: () => ({ onBackgroundMessage: (fn: Handler) => (background = fn) }),
    },
  });
  return { init, imported, shown, opened, handlers, background: (p: unknown) => background!(p) };
}

it('is generated from the composition document: its Firebase config and the pinned SDK version', () => {
  const w = runWorker(firebaseMessagingSw({ services: { firebase } }));
  expect(w.init).toHaveBeenCalledWith(firebase);
  expect(w.imported).toEqual([
    `https://www.gstatic.com/firebasejs/${FIREBASE_VERSION}/firebase-app-compat.js`,
    `https://www.gstatic.com/firebasejs/${FIREBASE_VERSION}/firebase-messaging-compat.js`,
  ]);
});

it('is absent without a (complete) Firebase config', () => {
  expect(firebaseMessagingSw({ services: {} })).toBeNull();
  expect(firebaseMessagingSw({ services: { firebase: { apiKey: 'x' } } })).toBeNull();
  expect(firebaseMessagingSw(null)).toBeNull();
});

it('cannot be broken out of by a hostile config value', () => {
  const source = firebaseMessagingSw({
    services: { firebase: { ...firebase, appId: "x'); alert(1); ('</script>" } },
  });
  const w = runWorker(source);
  expect(w.init.mock.calls[0][0].appId).toBe("x'); alert(1); ('</script>");
  expect(source).not.toContain('</script>');
});

it('shows a background message and opens its screen (this origin only) when clicked', async () => {
  const w = runWorker(firebaseMessagingSw({ services: { firebase } }));
  w.background({ data: { id: 'ntf_1', title: 'New episode', body: 'S2E1', link: '/title/t1' } });
  expect(w.shown).toEqual([
    {
      title: 'New episode',
      options: expect.objectContaining({
        body: 'S2E1',
        tag: 'ntf_1',
        data: { link: 'https://app.streamflix.example/title/t1' },
      }),
    },
  ]);
  let done: unknown;
  w.handlers.notificationclick!({
    notification: { close: jest.fn(), data: { link: 'https://evil.example/phish' } },
    waitUntil: (p: unknown) => (done = p),
  });
  await done;
  expect(w.opened).toEqual(['https://app.streamflix.example/notification']);
});
