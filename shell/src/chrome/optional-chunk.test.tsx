import { act, fireEvent, render, screen } from '@testing-library/react';
import { OptionalChunk } from './optional-chunk';

function Picker() {
  return <p>picker</p>;
}

let calls = 0;
let fail = true;
const load = () => {
  calls += 1;
  return fail
    ? Promise.reject(new Error('ChunkLoadError: net::ERR_INTERNET_DISCONNECTED'))
    : Promise.resolve({ default: Picker });
};

beforeEach(() => {
  calls = 0;
  fail = true;
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

it('a chunk that cannot be fetched leaves the rest of the page, and is fetched again when the browser is back online', async () => {
  render(
    <main>
      <h1>The player</h1>
      <OptionalChunk load={load} what="The picker" />
    </main>,
  );
  await act(async () => {});
  expect(screen.getByRole('heading', { name: 'The player' })).toBeInTheDocument();
  expect(screen.queryByText('picker')).not.toBeInTheDocument();
  expect(console.warn).toHaveBeenCalledWith(
    '[shell] The picker could not be loaded',
    expect.any(Error),
    expect.anything(),
  );

  fail = false;
  await act(async () => {
    window.dispatchEvent(new Event('online'));
  });
  expect(await screen.findByText('picker')).toBeInTheDocument();
  expect(calls).toBe(2);
});

it('a page says it could not be loaded and Retry fetches it again', async () => {
  render(
    <OptionalChunk
      load={load}
      what="The versions page"
      failed={(retry) => (
        <p role="alert">
          Versions could not be loaded <button onClick={retry}>Retry</button>
        </p>
      )}
    />,
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('Versions could not be loaded');
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('picker')).toBeInTheDocument();
});
