import { BOOT_FAILURE_SCRIPT, bootFailureTag } from './boot-failure.cjs';

function page(rootHtml = '<div class="sfl" data-screen-loading>…</div>') {
  document.body.innerHTML = `<div id="root">${rootHtml}</div>`;
  // The inline script, run as the browser runs it.
  new Function(BOOT_FAILURE_SCRIPT)();
}

function failScript(src: string) {
  const s = document.createElement('script');
  s.src = src;
  document.head.append(s);
  s.dispatchEvent(new Event('error'));
}

const root = () => document.getElementById('root')!;

afterEach(() => {
  delete (self as { __sfBootFailed?: unknown }).__sfBootFailed;
  document.head.innerHTML = '';
});

test("the shell's entry failing to download replaces the loading screen with the reason and a focused Retry", () => {
  page();
  failScript('http://localhost/main.0a1b2c3d.js');
  const alert = root().querySelector('main[role="alert"]')!;
  expect(alert).not.toBeNull();
  expect(root().querySelector('[data-screen-loading]')).toBeNull();
  expect(alert.querySelector('h1')!.textContent).toBe('Streamflix could not start');
  expect(alert.textContent).toMatch(/Check your connection/);
  const retry = alert.querySelector('button')!;
  expect(retry.textContent).toBe('Retry');
  expect(document.activeElement).toBe(retry);
});

test("another script's error (a remote's, an analytics one) changes nothing", () => {
  page();
  failScript('http://localhost:3001/remoteEntry.js');
  failScript('http://localhost/main.js.map');
  failScript('http://localhost/bootstrap.0a1b.js');
  expect(root().querySelector('[role="alert"]')).toBeNull();
  expect(root().querySelector('[data-screen-loading]')).not.toBeNull();
});

test('the shell entry calls it when its bootstrap cannot be fetched; twice shows one message', () => {
  page();
  const failed = (self as { __sfBootFailed?: () => void }).__sfBootFailed!;
  failed();
  failed();
  expect(root().querySelectorAll('[role="alert"]')).toHaveLength(1);
});

test('the tag is one inline script that cannot be closed early', () => {
  const tag = bootFailureTag();
  expect(tag.startsWith('<script>')).toBe(true);
  expect(tag.match(/<\/script>/g)).toHaveLength(1);
});
