import {
  clearCheckoutIntent,
  readCheckoutIntent,
  returnPathFor,
  saveCheckoutIntent,
  titleIdFromWatchPath,
} from './checkout-intent';

beforeEach(() => sessionStorage.clear());

it('keeps the chosen plan and the title across calls (a reload reads the same storage)', () => {
  saveCheckoutIntent({ origin: { id: 't-0037', watchPath: '/watch/t-0037/t-0037/0/0' } });
  saveCheckoutIntent({ planId: 'basic-monthly' });
  expect(readCheckoutIntent()).toEqual({
    planId: 'basic-monthly',
    origin: { id: 't-0037', watchPath: '/watch/t-0037/t-0037/0/0' },
  });
  clearCheckoutIntent();
  expect(readCheckoutIntent()).toEqual({});
});

it('forgets a stale choice and treats corrupt or foreign values as absent', () => {
  const then = Date.now() - 7 * 60 * 60 * 1000;
  saveCheckoutIntent({ planId: 'basic-monthly' }, then);
  expect(readCheckoutIntent()).toEqual({});
  sessionStorage.setItem('checkoutIntent', '{not json');
  expect(readCheckoutIntent()).toEqual({});
  sessionStorage.setItem(
    'checkoutIntent',
    JSON.stringify({
      savedAt: Date.now(),
      origin: { id: 't-1', watchPath: 'https://evil.example' },
    }),
  );
  expect(readCheckoutIntent()).toEqual({ origin: { id: 't-1' } });
});

it('returns the viewer to the exact player path, else to the title', () => {
  expect(returnPathFor({ id: 't-0079', watchPath: '/watch/t-0079/t-0079/s1/e2' })).toBe(
    '/watch/t-0079/t-0079/s1/e2',
  );
  expect(returnPathFor({ id: 't-0037' })).toBe('/watch/t-0037/t-0037/0/0');
  expect(returnPathFor(undefined)).toBeNull();
  expect(titleIdFromWatchPath('/watch/t-9/t-9/0/0')).toBe('t-9');
  expect(titleIdFromWatchPath('/movie/movie/t-9')).toBeNull();
});
