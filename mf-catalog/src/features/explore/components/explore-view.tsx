import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Page, track, useI18n, type TitleCard as TitleCardData } from '@streamflix/shared';
import { TitleCard } from '../../../components/title-card';
import { GridItem, LoadMore, TitleGrid } from '../../../components/title-grid';
import { EmptyState, ErrorState, SkeletonCards } from '../../../components/states';
import { useScrollRestoration } from '../../../lib/use-scroll-restoration';
import { useProgressiveCount } from '../../../lib/use-progressive-count';
import { useFilterOptions } from '../api/get-filter-options';
import { useExploreSearch } from '../api/search-titles';
import {
  LIST_KEYS,
  activeFilterCount,
  clearAll,
  parseFilters,
  toSearchParams,
  visibleResults,
  withKnownValues,
  type ExploreFilters,
} from '../filter-state';
import { ActiveFilters, FilterPanel } from './filter-panel';
import { SearchBox } from './search-box';
import styles from './explore.module.css';

export interface ExploreViewProps {
  renderAction?: (title: TitleCardData) => ReactNode;
}

export function ExploreView({ renderAction }: ExploreViewProps) {
  const i18n = useI18n();
  const [params, setParams] = useSearchParams();
  const parsed = useMemo(() => parseFilters(params), [params]);
  const options = useFilterOptions();
  const filters = useMemo(
    () => (options.data ? withKnownValues(parsed, options.data) : parsed),
    [parsed, options.data],
  );
  // Ids are checked against the server's options first, so a stale link doesn't end in an error.
  const needsOptions = LIST_KEYS.some((k) => k !== 'timePeriods' && parsed[k].length > 0);
  const ready = !needsOptions || options.isSuccess || options.isError;
  const search = useExploreSearch(filters, ready);
  const [panelOpen, setPanelOpen] = useState(false);

  // Keep the shareable URL clean: drop what was ignored, keep the rest.
  const canonical = toSearchParams(filters).toString();
  useEffect(() => {
    if (canonical !== params.toString())
      setParams(new URLSearchParams(canonical), { replace: true });
  }, [canonical, params, setParams]);

  const update = useCallback(
    (next: ExploreFilters) => setParams(toSearchParams(next), { replace: true }),
    [setParams],
  );
  const onSearch = useCallback((q: string) => update({ ...parsed, q }), [parsed, update]);

  const nextPageFailed = search.isFetchNextPageError;
  const results = visibleResults({
    isError: search.isError && !nextPageFailed,
    pages: search.data?.pages,
  });
  const total = search.data?.pages[0]?.total ?? 0;
  // The cards a phone shows first come with the answer; the rest follow in a time-sliced render.
  const shown = useProgressiveCount(results.length);
  useScrollRestoration(search.isSuccess && !search.isPlaceholderData && shown === results.length);
  // One search event per query answered (not per filter tweak or page of results).
  const settled = search.isSuccess && !search.isPlaceholderData;
  useEffect(() => {
    if (settled && filters.q) track('search', { query: filters.q, results: total });
    // total is read when the query settles; a later page does not re-count the search.
  }, [settled, filters.q]);
  const count = activeFilterCount(filters);

  return (
    <Page className={styles.page} aria-labelledby="explore-title">
      <header className={styles.top}>
        <h1 id="explore-title">{i18n._({ id: 'mf-catalog.explore.title', message: 'Explore' })}</h1>
        <div className={styles.searchRow}>
          <SearchBox value={filters.q} onSearch={onSearch} />
          <Button
            variant="secondary"
            aria-expanded={panelOpen}
            aria-controls="explore-filters"
            onClick={() => setPanelOpen((o) => !o)}
          >
            {i18n._({
              id: 'mf-catalog.explore.filters',
              message: '{count, plural, =0 {Filters} other {Filters (#)}}',
              values: { count },
            })}
          </Button>
        </div>
        {panelOpen ? (
          options.data ? (
            <FilterPanel
              id="explore-filters"
              options={options.data}
              filters={filters}
              onChange={update}
            />
          ) : options.isError ? (
            <div id="explore-filters">
              <ErrorState
                message={options.error.message}
                onRetry={() => void options.refetch()}
                title={i18n._({
                  id: 'mf-catalog.explore.filtersError',
                  message: 'Filters could not be loaded',
                })}
              />
            </div>
          ) : (
            <div id="explore-filters">
              <SkeletonCards
                count={1}
                layout="row"
                label={i18n._({
                  id: 'mf-catalog.explore.loadingFilters',
                  message: 'Loading filters',
                })}
              />
            </div>
          )
        ) : null}
        <ActiveFilters
          options={options.data}
          filters={filters}
          onChange={update}
          onClearAll={() => update(clearAll())}
        />
      </header>

      <section
        aria-labelledby="explore-results"
        className={styles.results}
        aria-busy={search.isFetching && !search.isFetchingNextPage}
      >
        <h2 id="explore-results" className="sf-visually-hidden">
          {i18n._({ id: 'mf-catalog.explore.results', message: 'Results' })}
        </h2>
        <p className={styles.status} role="status">
          {/* The previous answer stays on screen while a new one loads: its count is not this query's. */}
          {!search.isSuccess
            ? ''
            : search.isPlaceholderData
              ? i18n._({ id: 'mf-catalog.explore.searching', message: 'Searching…' })
              : total === 0
                ? i18n._({ id: 'mf-catalog.explore.noneFound', message: 'No titles found' })
                : filters.q
                  ? i18n._({
                      id: 'mf-catalog.explore.countFor',
                      message:
                        '{total, plural, one {# title for “{q}”} other {# titles for “{q}”}}',
                      values: { total, q: filters.q },
                    })
                  : i18n._({
                      id: 'mf-catalog.explore.count',
                      message: '{total, plural, one {# title} other {# titles}}',
                      values: { total },
                    })}
        </p>
        {search.isPending ? (
          <SkeletonCards count={12} />
        ) : search.isError && !nextPageFailed ? (
          <ErrorState
            message={search.error.message}
            onRetry={() => void search.refetch()}
            title={i18n._({
              id: 'mf-catalog.explore.searchError',
              message: 'The search did not work',
            })}
          />
        ) : results.length === 0 ? (
          <EmptyState
            title={
              filters.q
                ? i18n._({
                    id: 'mf-catalog.explore.noMatch',
                    message: 'Nothing matches “{q}”',
                    values: { q: filters.q },
                  })
                : i18n._({
                    id: 'mf-catalog.explore.noFilterMatch',
                    message: 'No titles match these filters',
                  })
            }
          >
            <p>
              {i18n._({
                id: 'mf-catalog.explore.emptyHint',
                message: 'Check the spelling, search for a person or genre, or remove a filter.',
              })}
            </p>
            <Button variant="secondary" onClick={() => update(clearAll())}>
              {i18n._({ id: 'mf-catalog.explore.clearAll', message: 'Clear all' })}
            </Button>
          </EmptyState>
        ) : (
          <div className={search.isPlaceholderData ? styles.stale : undefined}>
            <TitleGrid
              label={i18n._({ id: 'mf-catalog.explore.resultsLabel', message: 'Search results' })}
            >
              {results.slice(0, shown).map((t, i) => (
                <GridItem key={t.id}>
                  <TitleCard title={t} eager={i < 6} action={renderAction?.(t)} />
                </GridItem>
              ))}
            </TitleGrid>
            {nextPageFailed ? (
              <ErrorState
                message={search.error?.message ?? ''}
                onRetry={() => void search.fetchNextPage()}
                title={i18n._({
                  id: 'mf-catalog.list.moreError',
                  message: 'More titles could not be loaded',
                })}
              />
            ) : shown === results.length ? (
              // After the whole page of cards: rendered with the first ones, it moved down when
              // the rest arrived (a layout shift on a desktop, where the first row is all of them).
              <LoadMore
                hasMore={search.hasNextPage && !search.isPlaceholderData}
                loading={search.isFetchingNextPage}
                onLoadMore={() => void search.fetchNextPage()}
                endText={i18n._({ id: 'mf-catalog.explore.end', message: "That's every match." })}
              />
            ) : null}
          </div>
        )}
      </section>
    </Page>
  );
}
