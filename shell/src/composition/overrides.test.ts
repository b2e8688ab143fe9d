import {
  OVERRIDES_KEY,
  activeOverrides,
  applyOverrideParams,
  clearOverrides,
  dismissRefusal,
} from './overrides';
import { parseCompositionDocument } from '@streamflix/composition';
import local from '../../composition/local.json';

const allowing = parseCompositionDocument({
  ...local,
  overrides: { allowedOrigins: ['http://localhost:5405'] },
});
const closed = parseCompositionDocument(local);
const at = (search: string) => ({ search, pathname: '/watch/1', hash: '#t' });

beforeEach(() => {
  localStorage.clear();
  dismissRefusal();
});

it('sets an override from the address, persists it and cleans the address', () => {
  const replace = jest.fn();
  const url = 'http://localhost:5405/mf-player/0.3.0-pr.7/mf-manifest.json';
  expect(
    applyOverrideParams(allowing, at(`?override=mf_player=${url}&x=1`), localStorage, replace),
  ).toBeNull();
  expect(replace).toHaveBeenCalledWith('/watch/1?x=1#t');
  expect(JSON.parse(localStorage.getItem(OVERRIDES_KEY)!)).toEqual({ mf_player: url });
  expect(activeOverrides(allowing, localStorage)).toEqual({ mf_player: url });
  applyOverrideParams(allowing, at('?override=reset'), localStorage, replace);
  expect(activeOverrides(allowing, localStorage)).toEqual({});
});

it('refuses an origin the document does not allow, an unknown remote, and any override where the list is absent', () => {
  const replace = jest.fn();
  expect(
    applyOverrideParams(
      allowing,
      at('?override=mf_player=https://evil.example/m.json'),
      localStorage,
      replace,
    ),
  ).toMatch(/not on an origin this environment allows/);
  expect(
    applyOverrideParams(
      allowing,
      at('?override=mf_nope=http://localhost:5405/m.json'),
      localStorage,
      replace,
    ),
  ).toMatch(/does not name a remote/);
  expect(
    applyOverrideParams(
      closed,
      at('?override=mf_player=http://localhost:5405/m.json'),
      localStorage,
      replace,
    ),
  ).toMatch(/overrides are off in the local environment/);
  expect(activeOverrides(allowing, localStorage)).toEqual({});
});

it('ignores stored overrides the document no longer allows, and clears them', () => {
  localStorage.setItem(
    OVERRIDES_KEY,
    JSON.stringify({ mf_player: 'http://localhost:5405/m.json' }),
  );
  expect(activeOverrides(closed, localStorage)).toEqual({});
  expect(activeOverrides(allowing, localStorage)).toEqual({
    mf_player: 'http://localhost:5405/m.json',
  });
  localStorage.setItem(OVERRIDES_KEY, '{broken');
  expect(activeOverrides(allowing, localStorage)).toEqual({});
  clearOverrides(localStorage);
  expect(localStorage.getItem(OVERRIDES_KEY)).toBeNull();
});
