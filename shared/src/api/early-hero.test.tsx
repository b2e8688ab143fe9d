import { act, render, screen } from '@testing-library/react';
import { emit } from '../events/app-events';
import { EARLY_HERO_EVENT, earlyHeroArt, forgetEarlyHeroArt, useEarlyHeroArt } from './early-hero';

const ART = 'http://api.example/v1/artwork/t-9/backdrop.svg';
const early = (v: unknown) => {
  (globalThis as { __sfEarlyHero?: unknown }).__sfEarlyHero = v;
};

beforeEach(() => {
  early(undefined);
  window.history.replaceState(null, '', '/');
});

test("the HTML's hero on the site root, an http(s) address only", () => {
  expect(earlyHeroArt()).toBeNull();
  early({ src: ART, profileId: 'p-1' });
  expect(earlyHeroArt()).toBe(ART);
  for (const bad of [{ src: 'javascript:alert(1)' }, { src: 'not a url' }, { src: 7 }, 'x', null])
    expect([bad, (early(bad), earlyHeroArt())]).toEqual([bad, null]);
});

test('for the first screen only: gone once the hero rendered, the page left the root, the session changed', () => {
  early({ src: ART, profileId: 'p-1' });
  forgetEarlyHeroArt();
  expect(earlyHeroArt()).toBeNull();

  early({ src: ART, profileId: 'p-1' });
  window.history.replaceState(null, '', '/my-list');
  expect(earlyHeroArt()).toBeNull();
  // Back on the root later: the home's own data is loaded by then, and so stays forgotten.
  window.history.replaceState(null, '', '/');
  expect(earlyHeroArt()).toBeNull();

  early({ src: ART, profileId: 'p-1' });
  emit('session:changed', { loggedIn: false, reason: 'logout' });
  expect(earlyHeroArt()).toBeNull();
});

test("a profile change forgets it, unless it is the profile the hero is for (the gate's first choice)", () => {
  early({ src: ART, profileId: 'p-1' });
  emit('profile:changed', { profileId: 'p-1', kids: false });
  expect(earlyHeroArt()).toBe(ART);
  emit('profile:changed', { profileId: 'p-2', kids: false });
  expect(earlyHeroArt()).toBeNull();
});

function Probe() {
  const art = useEarlyHeroArt();
  return <p>{art ?? 'none'}</p>;
}

test('the hook follows an answer that arrives after the first render', () => {
  render(<Probe />);
  expect(screen.getByText('none')).toBeInTheDocument();
  act(() => {
    early({ src: ART, profileId: 'p-1' });
    window.dispatchEvent(new Event(EARLY_HERO_EVENT));
  });
  expect(screen.getByText(ART)).toBeInTheDocument();
});
