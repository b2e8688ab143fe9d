import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ExploreView } from './explore-view';

const mockCallApi = jest.fn();
jest.mock('@streamflix/shared', () => ({
  ...jest.requireActual('@streamflix/shared'),
  callOperation: (...args: [string, object?]) =>
    mockCallApi(jest.requireActual('@streamflix/shared/testing').operationRequest(...args)),
}));

const options = {
  genres: [{ id: 'g-drama', name: 'Drama', slug: 'drama' }],
  categories: [{ id: 'c-trending', slug: 'trending', name: 'Trending Now', rule: 'trending' }],
  countries: [{ code: 'FR', name: 'France' }],
  languages: [{ code: 'en', name: 'English' }],
  timePeriods: [{ value: '1990s', label: '1990s' }],
  sortOptions: [{ value: 'rating', label: 'Highest rated' }],
};

const card = (id: string, name: string) => ({
  id,
  type: 'movie',
  name,
  year: 2020,
  releaseDate: '2020-01-01',
  rating: 7,
  maturity: 'PG',
  premium: false,
  runtimeMinutes: 90,
  genres: ['Drama'],
  posterUrl: '/p.svg',
  backdropUrl: '/b.svg',
});
const result = (names: string[], hasMore = false) => ({
  status: true,
  message: '',
  data: {
    results: names.map((n, i) => card(`t-${i}-${n}`, n)),
    page: 1,
    limit: 24,
    total: names.length,
    hasMore,
    country: 'US',
  },
});

let lastSearch = '';
function LocationProbe() {
  lastSearch = useLocation().search;
  return null;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/explore"
            element={
              <>
                <ExploreView />
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  mockCallApi.mockReset();
  mockCallApi.mockImplementation(async (req: { method: string; url: string }) => {
    if (req.url === '/titles/filters') return { status: true, message: '', data: options };
    if (req.method === 'GET') return result(['Popular One', 'Popular Two']);
    return result(['Filtered']);
  });
});

it('loads the initial list with GET /titles/search', async () => {
  renderAt('/explore');
  expect(await screen.findByRole('link', { name: /Popular One/ })).toBeInTheDocument();
  expect(mockCallApi).toHaveBeenCalledWith(
    expect.objectContaining({ method: 'GET', url: '/titles/search' }),
  );
});

it('sends the URL filters as the POST body, ignoring a corrupt one and keeping the rest', async () => {
  renderAt('/explore?genre=g-drama&genre=g-bogus&country=FR&sort=loudest&q=night');
  expect(await screen.findByRole('link', { name: /Filtered/ })).toBeInTheDocument();
  const post = mockCallApi.mock.calls.map((c) => c[0]).find((r) => r.method === 'POST');
  expect(post.url).toBe('/titles/search');
  expect(post.data).toEqual({
    search: 'night',
    genres: ['g-drama'],
    countries: ['FR'],
    country: 'US',
    page: 1,
    limit: 24,
  });
  await waitFor(() => expect(lastSearch).toBe('?q=night&genre=g-drama&country=FR'));
});

it('a failed search clears the results and offers Retry', async () => {
  const user = userEvent.setup();
  renderAt('/explore');
  expect(await screen.findByRole('link', { name: /Popular One/ })).toBeInTheDocument();
  mockCallApi.mockImplementation(async (req: { method: string; url: string }) =>
    req.url === '/titles/filters'
      ? { status: true, message: '', data: options }
      : { status: false, httpStatus: 500, message: 'Search is down.' },
  );
  await user.type(screen.getByRole('searchbox', { name: /search titles/i }), 'zzz');
  expect(await screen.findByText('Search is down.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Popular One/ })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

it('typing is debounced into one search and written to the URL', async () => {
  const user = userEvent.setup();
  renderAt('/explore');
  await screen.findByRole('link', { name: /Popular One/ });
  await user.type(screen.getByRole('searchbox', { name: /search titles/i }), 'dune');
  await screen.findByRole('link', { name: /Filtered/ });
  const posts = mockCallApi.mock.calls.map((c) => c[0]).filter((r) => r.method === 'POST');
  expect(posts).toHaveLength(1);
  expect(posts[0].data.search).toBe('dune');
  expect(lastSearch).toBe('?q=dune');
});

it('clear-all resets every filter and the results go back to the initial list', async () => {
  const user = userEvent.setup();
  renderAt('/explore?genre=g-drama&sort=rating');
  await screen.findByRole('link', { name: /Filtered/ });
  await user.click(screen.getByRole('button', { name: 'Clear all' }));
  expect(await screen.findByRole('link', { name: /Popular One/ })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Filtered/ })).not.toBeInTheDocument();
  expect(lastSearch).toBe('');
});

it('toggling a genre chip filters by its id and shows it as pressed', async () => {
  const user = userEvent.setup();
  renderAt('/explore');
  await screen.findByRole('link', { name: /Popular One/ });
  await user.click(screen.getByRole('button', { name: 'Filters' }));
  await user.click(await screen.findByRole('button', { name: 'Drama' }));
  await screen.findByRole('link', { name: /Filtered/ });
  expect(screen.getByRole('button', { name: 'Drama', pressed: true })).toBeInTheDocument();
  expect(lastSearch).toBe('?genre=g-drama');
});

it('while a search loads, the status says so instead of giving the previous count for the new query', async () => {
  const user = userEvent.setup();
  renderAt('/explore');
  await screen.findByRole('link', { name: /Popular One/ });
  expect(screen.getByRole('status')).toHaveTextContent('2 titles');
  const answers: Array<() => void> = [];
  mockCallApi.mockImplementation(async (req: { method: string; url: string }) => {
    if (req.url === '/titles/filters') return { status: true, message: '', data: options };
    return new Promise((resolve) => {
      answers.push(() => resolve(result(['Filtered'])));
    });
  });
  await user.type(screen.getByRole('searchbox', { name: /search titles/i }), 'dune{Enter}');
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Searching…'));
  expect(screen.getByRole('status')).not.toHaveTextContent('for “dune”');
  await waitFor(() =>
    expect(mockCallApi).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST' })),
  );
  answers.forEach((answer) => answer());
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 title for “dune”'));
});
