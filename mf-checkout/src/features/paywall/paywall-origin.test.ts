import { resolvePaywallOrigin } from './paywall-origin';

const q = (s = '') => new URLSearchParams(s);

it('takes the title from the player path in router state', () => {
  expect(
    resolvePaywallOrigin({ from: '/watch/t42/t42/s1/e3', message: 'Premium.' }, q('title=other')),
  ).toEqual({ titleId: 't42', watchPath: '/watch/t42/t42/s1/e3', message: 'Premium.' });
});

it('falls back to ?title= after a reload, and ignores junk', () => {
  expect(resolvePaywallOrigin(null, q('title=t7'))).toEqual({
    titleId: 't7',
    watchPath: null,
    message: null,
  });
  expect(resolvePaywallOrigin({ from: '/elsewhere' }, q('title=../../x')).titleId).toBeNull();
  expect(resolvePaywallOrigin(undefined, q()).titleId).toBeNull();
});
