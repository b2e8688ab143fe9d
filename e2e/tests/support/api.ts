import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
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

/** Create an account straight through the real API (the sign-up UI has its own journey). */
export async function registerUser(user: TestUser): Promise<void> {
  const res = await fetch(`${E2E.apiUrl}/v1/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  const body = (await res.json()) as { status: boolean; message?: string };
  if (!body.status) throw new Error(`register failed: ${res.status} ${body.message}`);
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
  const res = await fetch(`${E2E.apiUrl}/v1/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(newUser(label)),
  });
  const body = (await res.json()) as {
    data: { tokens: { access: string; refresh: string }; user: { id: string } };
  };
  return {
    token: body.data.tokens.access,
    refresh: body.data.tokens.refresh,
    user: body.data.user,
  };
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
