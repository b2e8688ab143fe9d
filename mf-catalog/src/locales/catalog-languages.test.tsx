import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  AppProviders,
  formatDuration,
  formatNumber,
  i18n,
  setLanguage,
  type TitleDetail,
} from '@streamflix/shared';
import { catalogs } from './catalogs';
import { TitleCard } from '../components/title-card';
import { playTarget } from '../features/title-detail/play-target';
import { languageName } from '../lib/language-name';

// The catalog's messages through the real runtime and the compiled catalogs (docs/i18n.md).
const count = (total: number) =>
  i18n._({
    id: 'mf-catalog.myList.count',
    message: '{total, plural, one {# title} other {# titles}}',
    values: { total },
  });

const card = {
  id: 't1',
  type: 'movie',
  name: 'Neon Tapir',
  year: 2024,
  posterUrl: '/p.jpg',
  backdropUrl: '/b.jpg',
  rating: 7.5,
  premium: true,
} as const;

afterEach(async () => {
  await act(() => setLanguage('en'));
  localStorage.clear();
});

test('the catalog is declared for its workspace', () => {
  expect(catalogs.workspace).toBe('mf-catalog');
});

test('counts use each language’s plural categories', async () => {
  expect([count(1), count(2)]).toEqual(['1 title', '2 titles']);
  await act(() => setLanguage('es'));
  expect([count(1), count(5)]).toEqual(['1 título', '5 títulos']);
  await act(() => setLanguage('ar'));
  // Arabic has one, two, few, many and other: each its own words.
  expect(count(1)).toBe('عنوان واحد');
  expect(count(2)).toBe('عنوانان');
  expect(count(3)).toBe(`${formatNumber(3)} عناوين`);
  expect(count(11)).toBe(`${formatNumber(11)} عنوانًا`);
  await act(() => setLanguage('ja'));
  expect(count(1)).toBe('1作品');
});

test('a card speaks Arabic with the number in Arabic’s format, and switches back without a remount', async () => {
  render(
    <AppProviders>
      <MemoryRouter>
        <TitleCard title={card} />
      </MemoryRouter>
    </AppProviders>,
  );
  expect(screen.getByRole('link')).toHaveAccessibleName(
    'Neon Tapir, 2024, Movie, rated 7.5 of 10, Premium',
  );
  await act(() => setLanguage('ar'));
  expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  const rating = new Intl.NumberFormat('ar', { minimumFractionDigits: 1 }).format(7.5);
  expect(screen.getByRole('link')).toHaveAccessibleName(
    `Neon Tapir, 2024, فيلم, التقييم ${rating} من 10, مميز`,
  );
  expect(screen.getByText('مميز')).toBeInTheDocument();
  await act(() => setLanguage('en'));
  expect(screen.getByText('Premium')).toBeInTheDocument();
});

test('Play resumes with a duration in the viewer’s language', async () => {
  const movie = { ...card, resume: { position: 12 * 60, percent: 10 } } as unknown as TitleDetail;
  expect(playTarget(movie)?.label).toBe('Resume (12 min in)');
  await act(() => setLanguage('de'));
  expect(formatDuration(12 * 60)).toBe('12 Min.');
  expect(playTarget(movie)?.label).toBe('Fortsetzen (ab 12 Min.)');
});

test('languages on a title page are named in the UI language', async () => {
  expect(languageName('de')).toBe('German');
  await act(() => setLanguage('fr'));
  expect(languageName('de')).toBe('allemand');
  await act(() => setLanguage('ja'));
  expect(languageName('fr')).toBe('フランス語');
});
