import { act, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { emit } from '@streamflix/shared';
import { DashboardView } from './dashboard-view';

const mockCallApi = jest.fn();
const mockSession = { isLoggedIn: false, userId: '', country: 'US', user: null, isSkiped: true };
jest.mock('@streamflix/shared', () => ({
  ...jest.requireActual('@streamflix/shared'),
  callOperation: (...args: [string, object?]) =>
    mockCallApi(jest.requireActual('@streamflix/shared/testing').operationRequest(...args)),
  useSession: () => mockSession,
}));

const card = (id: string, name: string) => ({
  id,
  type: 'movie' as const,
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
const progress = {
  position: 600,
  duration: 6000,
  percent: 10,
  completed: false,
  updatedAt: '2026-01-01T00:00:00Z',
};

const dashboard = (over: object = {}) => ({
  status: true,
  message: '',
  data: {
    country: 'US',
    personalised: false,
    hero: null,
    rails: [
      { id: 'trending', title: 'Trending now', categorySlug: null, items: [card('t-2', 'Two')] },
    ],
    continueWatching: { movies: [], series: [] },
    categories: [],
    ...over,
  },
});

function renderView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardView heading="Home" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  mockCallApi.mockReset();
  localStorage.clear();
  Object.assign(mockSession, { isLoggedIn: false, userId: '' });
});

test('continue watching is one row with resume links and progress, even if the API also sends it as a rail', async () => {
  Object.assign(mockSession, { isLoggedIn: true, userId: 'u1' });
  const resumed = { ...card('t-1', 'Eleven Seconds'), progress };
  mockCallApi.mockResolvedValue(
    dashboard({
      continueWatching: { movies: [resumed], series: [] },
      rails: [
        {
          id: 'continue-watching',
          title: 'Continue watching',
          categorySlug: null,
          items: [resumed],
        },
        { id: 'trending', title: 'Trending now', categorySlug: null, items: [card('t-2', 'Two')] },
      ],
    }),
  );
  renderView();
  expect(await screen.findByRole('heading', { name: 'Trending now' })).toBeInTheDocument();
  const rows = screen.getAllByRole('heading', { name: /continue watching/i });
  expect(rows).toHaveLength(1);
  const row = rows[0]!.closest('section')!;
  expect(within(row).getByRole('link', { name: /Eleven Seconds.*10% watched/ })).toHaveAttribute(
    'href',
    '/watch/t-1/t-1/0/0',
  );
});

test("a guest's genres picked on /interest go with the dashboard request", async () => {
  localStorage.setItem('guestGenres', JSON.stringify(['g-comedy', 'g-drama']));
  mockCallApi.mockResolvedValue(dashboard());
  renderView();
  await screen.findByRole('heading', { name: 'Trending now' });
  expect(mockCallApi).toHaveBeenCalledWith(
    expect.objectContaining({
      url: '/users/dashboard',
      data: expect.objectContaining({ genres: ['g-comedy', 'g-drama'] }),
    }),
  );

  // New picks on /interest refetch the home with them.
  localStorage.setItem('guestGenres', JSON.stringify(['g-horror']));
  act(() => emit('account:genres-changed', { genreIds: ['g-horror'] }));
  await waitFor(() =>
    expect(mockCallApi).toHaveBeenLastCalledWith(
      expect.objectContaining({ data: expect.objectContaining({ genres: ['g-horror'] }) }),
    ),
  );
});

test("the first screen's hero skeleton draws the backdrop the page's HTML found; the hero then takes over", async () => {
  const art = 'http://localhost:4000/v1/artwork/t-1/backdrop.svg';
  (globalThis as { __sfEarlyHero?: unknown }).__sfEarlyHero = { src: art, profileId: 'p1' };
  Object.assign(mockSession, { isLoggedIn: true, userId: 'u1' });
  let answer: (v: unknown) => void = () => undefined;
  mockCallApi.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  const { container } = renderView();
  const loading = screen.getByRole('status', { name: 'Loading the featured title' });
  expect(loading.querySelector('img')).toHaveAttribute('src', art);
  await act(async () =>
    answer(
      dashboard({ hero: { ...card('t-1', 'Eleven Seconds'), synopsis: 'S', backdropUrl: art } }),
    ),
  );
  expect(await screen.findByRole('heading', { name: 'Eleven Seconds' })).toBeInTheDocument();
  expect(container.querySelector('section[aria-labelledby="hero-title"] img')).toHaveAttribute(
    'src',
    art,
  );
  // Rendered once: not drawn again by a later skeleton (another profile's, a refetch's).
  expect((globalThis as { __sfEarlyHero?: unknown }).__sfEarlyHero).toBeUndefined();
});

test('without an early backdrop the hero skeleton is the plain shimmer', () => {
  Object.assign(mockSession, { isLoggedIn: true, userId: 'u1' });
  mockCallApi.mockReturnValue(new Promise(() => undefined));
  renderView();
  expect(
    screen.getByRole('status', { name: 'Loading the featured title' }).querySelector('img'),
  ).toBeNull();
});
