import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router-dom';
import { parseCompositionDocument } from '@streamflix/composition';
import local from '../../composition/local.json';
import NewVersionNotice from './new-version-notice';
import type { TabVersions } from './version-watch';

/**
 * The new-version notice waits for a navigation, and never shows while the viewer watches, pays or
 * fills a form; Refresh and Not now are buttons a keyboard reaches.
 */

const started = parseCompositionDocument(local);
// The tab's document as the shell registered it at start (the federation runtime is not needed here).
jest.mock('../composition/remote-registry', () => {
  const { parseCompositionDocument: parse } = jest.requireActual<{
    parseCompositionDocument: (doc: unknown) => unknown;
  }>('@streamflix/composition');
  const doc = parse(jest.requireActual('../../composition/local.json'));
  return { getComposition: () => doc };
});
let moved = false;
const answer = (): TabVersions => ({
  remotes: Object.fromEntries(
    Object.entries(started.remotes).map(([n, e], i) => [
      n,
      {
        manifest: moved && i === 0 ? 'https://cdn.example.test/next.json' : e.manifest,
        version: e.version,
      },
    ]),
  ),
});
const fetchImpl = jest.fn(() =>
  Promise.resolve({
    status: 200,
    ok: true,
    headers: { get: () => null },
    json: () => Promise.resolve(answer()),
  } as unknown as Response),
);

beforeEach(() => {
  moved = false;
  fetchImpl.mockClear();
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <nav>
        <Link to="/watch/t-1/t-1/0/0">Watch</Link>
        <Link to="/payment">Pay</Link>
        <Link to="/skip-explore">Explore</Link>
        <Link to="/skip-list?page=2">Next page</Link>
      </nav>
      <div id="main-content">
        <input aria-label="Your name" />
      </div>
      <NewVersionNotice options={{ fetch: fetchImpl, navigationGapMs: 0 }} />
    </MemoryRouter>,
  );
}
const checks = (n: number) => waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(n));
const refresh = () => screen.queryByRole('button', { name: 'Refresh' });

test('offered at the next navigation, not while watching or paying', async () => {
  const user = userEvent.setup();
  renderAt('/skip-list');
  await checks(1);
  moved = true;
  await user.click(screen.getByRole('link', { name: 'Watch' }));
  await checks(2);
  await act(() => Promise.resolve());
  expect(refresh()).toBeNull();
  await user.click(screen.getByRole('link', { name: 'Pay' }));
  await checks(3);
  await act(() => Promise.resolve());
  expect(refresh()).toBeNull();
  await user.click(screen.getByRole('link', { name: 'Explore' }));
  await waitFor(() => expect(refresh()).not.toBeNull());
  expect(screen.getByRole('status')).toHaveTextContent('A new version is available.');
  // Back to the film: the notice steps aside, and is back after it.
  await user.click(screen.getByRole('link', { name: 'Watch' }));
  expect(refresh()).toBeNull();
  await user.click(screen.getByRole('link', { name: 'Explore' }));
  await waitFor(() => expect(refresh()).not.toBeNull());
  await user.click(screen.getByRole('button', { name: 'Not now' }));
  expect(refresh()).toBeNull();
});

test('a form being filled is not interrupted: the notice waits for the next screen', async () => {
  const user = userEvent.setup();
  renderAt('/skip-list');
  await checks(1);
  await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Ada');
  moved = true;
  await user.click(screen.getByRole('link', { name: 'Next page' }));
  await checks(2);
  await act(() => Promise.resolve());
  expect(refresh()).toBeNull();
  await user.click(screen.getByRole('link', { name: 'Explore' }));
  await waitFor(() => expect(refresh()).not.toBeNull());
});
