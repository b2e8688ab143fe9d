import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { callApi, getHttp } from '../api/api-client';
import { releaseKidsLock } from '../api/kids-lock-api';
import { setRuntimeConfig } from '../config/runtime-config';
import { setActiveProfile } from './active-profile';
import { getKidsLockToken, kidsLockAtom } from './kids-lock';
import { endSession, startSession } from './session-actions';
import { sessionStore } from './session-atoms';

type Answer = { status: number; headers?: Record<string, string>; data?: unknown };
const sent: InternalAxiosRequestConfig[] = [];
let next: Answer = { status: 200 };

beforeAll(async () => {
  setRuntimeConfig({ apiOrigin: 'http://api.test' });
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    const { status, headers = {}, data = { status: status < 400, message: '' } } = next;
    const response: AxiosResponse = { data, status, statusText: '', headers, config };
    if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  (await getHttp()).defaults.adapter = adapter;
});

const SAM = { id: 'p2', name: 'Sam', avatar: 'a', kids: true, maturity: 'little-kids' };

test('a lock the API gives is kept, named, sent on every call and outlives the session', async () => {
  startSession({ access: 'a', refresh: 'r' }, { id: 'u1' });
  next = { status: 200, headers: { 'x-kids-lock': 'usr_1.1.100.sig' } };
  await callApi({ url: '/profiles/p2/select', method: 'POST' });
  setActiveProfile(SAM, { reset: false });
  expect(sessionStore.get(kidsLockAtom)).toEqual({ token: 'usr_1.1.100.sig', profileName: 'Sam' });
  expect(JSON.parse(localStorage.getItem('kidsLock')!)).toMatchObject({ profileName: 'Sam' });
  // The session ends (logout-all elsewhere): the device is a guest, still locked.
  endSession('expired');
  next = { status: 403, headers: {} };
  await callApi({ url: '/titles/t-old' });
  expect(sent.at(-1)!.headers.get('X-Kids-Lock')).toBe('usr_1.1.100.sig');
  expect(sent.at(-1)!.headers.Authorization).toBeUndefined();
  expect(getKidsLockToken()).toBe('usr_1.1.100.sig');
});

test('a wrong password keeps the lock; the API saying "released" forgets it', async () => {
  next = {
    status: 403,
    data: { status: false, message: 'No', errors: { password: 'is incorrect' } },
  };
  const wrong = await releaseKidsLock('nope');
  expect(wrong.status).toBe(false);
  expect(getKidsLockToken()).toBe('usr_1.1.100.sig');
  next = { status: 200, headers: { 'x-kids-lock': 'released' } };
  expect((await releaseKidsLock('right')).status).toBe(true);
  expect(getKidsLockToken()).toBeNull();
  expect(localStorage.getItem('kidsLock')).toBeNull();
  await callApi({ url: '/titles/t-old' });
  expect(sent.at(-1)!.headers.get('X-Kids-Lock')).toBeFalsy();
});
