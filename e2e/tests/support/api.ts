import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { E2E } from './env';

export interface TestUser {
  email: string;
  password: string;
  name: string;
}

export const newUser = (label = 'viewer'): TestUser => ({
  email: `${label}-${randomUUID().slice(0, 8)}@example.com`,
  password: 'Correct-horse-9',
  name: `Test ${label}`,
});

/** The newest six-digit code of this kind (any kind when omitted) the local outbox holds for this address. */
export async function latestCode(email: string, kind?: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const res = await fetch(`${E2E.apiUrl}/v1/dev/outbox?email=${encodeURIComponent(email)}`);
      const body = (await res.json()) as {
        data: { messages: Array<{ kind: string; code: string | null }> };
      };
      code = body.data.messages.find((m) => m.code && (!kind || m.kind === kind))?.code ?? null;
      return code;
    })
    .not.toBeNull();
  return code!;
}

interface AuthData {
  tokens: { access: string; refresh: string };
  user: { id: string };
}

async function postJson<T>(url: string, payload: unknown): Promise<T> {
  const res = await fetch(`${E2E.apiUrl}/v1${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const body = (await res.json()) as { status: boolean; message?: string; data: T };
  if (!body.status) throw new Error(`${url} failed: ${res.status} ${body.message}`);
  return body.data;
}

/**
 * Create an account straight through the real API, as the sign-up does it: register, read
 * the emailed code from the local outbox, verify (the sign-up UI has its own journey).
 */
async function createAccount(user: TestUser): Promise<AuthData> {
  const { signUpId } = await postJson<{ signUpId: string }>('/auth/register', user);
  const code = await latestCode(user.email, 'sign-up-code');
  return postJson<AuthData>('/auth/register/verify', { signUpId, code });
}

export async function registerUser(user: TestUser): Promise<void> {
  await createAccount(user);
}

/**
 * Sign up through the screens a viewer uses, from a page already on /signup or /register:
 * the form, then the code step with the code from the outbox.
 */
export async function signUpThroughUi(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await enterSignUpCode(page, user.email);
}

/** The sign-up's code step: focus is on its heading; type the emailed code. */
export async function enterSignUpCode(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: /check your email/ })).toBeFocused();
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  await page.getByLabel('Six-digit code').fill(await latestCode(email, 'sign-up-code'));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
}

/** Stop or restart one remote's server, as an outage would (start.mjs --control-port). */
export async function setRemote(remote: string, state: 'stop' | 'start'): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${E2E.controlPort}/${state}/${remote}`, {
    method: 'POST',
  });
  if (!res.ok) throw new Error(`could not ${state} ${remote}`);
}

export interface Viewer {
  token: string;
  refresh: string;
  user: { id: string };
}

export async function registerViewer(label = 'viewer'): Promise<Viewer> {
  const data = await createAccount(newUser(label));
  return { token: data.tokens.access, refresh: data.tokens.refresh, user: data.user };
}

/** Start the page signed in as `v` (set-up only; the sign-up UI has its own journey below). */
export async function signIn(page: Page, v: Viewer) {
  await page.addInitScript(
    ([token, user, refresh]: [string, string, string]) => {
      if (!sessionStorage.getItem('e2e-signed-in')) {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
        localStorage.setItem('refreshToken', refresh);
        sessionStorage.setItem('e2e-signed-in', '1');
      }
    },
    [JSON.stringify({ token: v.token }), JSON.stringify(v.user), v.refresh] as [
      string,
      string,
      string,
    ],
  );
}
