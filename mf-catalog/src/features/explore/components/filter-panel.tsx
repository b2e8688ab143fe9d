import { Select, useI18n, type FilterOptions, CloseIcon } from '@streamflix/shared';

type I18n = ReturnType<typeof useI18n>;
import {
  toggleByValue,
  type ExploreFilters,
  type ListKey,
  type SortBy,
  type TitleType,
} from '../filter-state';
import styles from './explore.module.css';

interface Chip {
  key: string;
  label: string;
  pressed: boolean;
  onToggle: () => void;
}

function ChipGroup({ legend, chips }: { legend: string; chips: Chip[] }) {
  if (chips.length === 0) return null;
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.chips}>
        {chips.map((c) => (
          <button
            key={c.key}
            type="button"
            className={styles.chip}
            aria-pressed={c.pressed}
            onClick={c.onToggle}
          >
            {c.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

interface Facet {
  key: ListKey;
  legend: string;
  items: Array<{ value: string; label: string }>;
}

/**
 * The list facets in the order the panel shows them, each choice as a value/label pair: the
 * API names them by id, code or value, but a selection only stores the string the URL carries.
 */
function facets(options: FilterOptions, i18n: I18n): Facet[] {
  const byId = (o: { id: string; name: string }) => ({ value: o.id, label: o.name });
  const byCode = (o: { code: string; name: string }) => ({ value: o.code, label: o.name });
  return [
    {
      key: 'genres',
      legend: i18n._({ id: 'mf-catalog.filters.genres', message: 'Genres' }),
      items: options.genres.map(byId),
    },
    {
      key: 'categories',
      legend: i18n._({ id: 'mf-catalog.filters.categories', message: 'Categories' }),
      items: options.categories.map(byId),
    },
    {
      key: 'timePeriods',
      legend: i18n._({ id: 'mf-catalog.filters.period', message: 'Release period' }),
      items: options.timePeriods,
    },
    {
      key: 'languages',
      legend: i18n._({ id: 'mf-catalog.filters.language', message: 'Original language' }),
      items: options.languages.map(byCode),
    },
    {
      key: 'countries',
      legend: i18n._({ id: 'mf-catalog.filters.country', message: 'Country of production' }),
      items: options.countries.map(byCode),
    },
  ];
}

export interface FilterPanelProps {
  id: string;
  options: FilterOptions;
  filters: ExploreFilters;
  onChange: (next: ExploreFilters) => void;
}

export function FilterPanel({ id, options, filters, onChange }: FilterPanelProps) {
  const i18n = useI18n();
  const types: Array<{ value: TitleType | null; key: string; label: string }> = [
    { value: null, key: 'all', label: i18n._({ id: 'mf-catalog.filters.all', message: 'All' }) },
    {
      value: 'movie',
      key: 'movie',
      label: i18n._({ id: 'mf-catalog.filters.movies', message: 'Movies' }),
    },
    {
      value: 'series',
      key: 'series',
      label: i18n._({ id: 'mf-catalog.filters.series', message: 'Series' }),
    },
  ];
  // Genres have their own group and Type covers movies/series; categories keep the other curated lists.
  const categories = options.categories.filter(
    (c) => !['genre', 'movies', 'series'].includes(c.rule),
  );
  const groups = facets({ ...options, categories }, i18n);
  return (
    <div id={id} className={styles.panel}>
      <div className={styles.panelRow}>
        <ChipGroup
          legend={i18n._({ id: 'mf-catalog.filters.type', message: 'Type' })}
          chips={types.map((t) => ({
            key: t.key,
            label: t.label,
            pressed: filters.type === t.value,
            onToggle: () => onChange({ ...filters, type: t.value }),
          }))}
        />
        <Select
          className={styles.group}
          label={
            <span className={styles.legend}>
              {i18n._({ id: 'mf-catalog.filters.sortBy', message: 'Sort by' })}
            </span>
          }
          value={filters.sortBy ?? ''}
          onChange={(e) =>
            onChange({ ...filters, sortBy: (e.target.value || null) as SortBy | null })
          }
        >
          <option value="">
            {filters.q
              ? i18n._({ id: 'mf-catalog.filters.bestMatch', message: 'Best match (default)' })
              : i18n._({ id: 'mf-catalog.filters.mostPopular', message: 'Most popular (default)' })}
          </option>
          {options.sortOptions.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
      </div>
      {groups.map(({ key, legend, items }) => (
        <ChipGroup
          key={key}
          legend={legend}
          chips={items.map((item) => ({
            key: item.value,
            label: item.label,
            pressed: filters[key].includes(item.value),
            onToggle: () => onChange({ ...filters, [key]: toggleByValue(filters[key], item) }),
          }))}
        />
      ))}
    </div>
  );
}

/** The chosen filters as removable chips, so what shapes the results is always visible. */
export function ActiveFilters({
  options,
  filters,
  onChange,
  onClearAll,
}: {
  options: FilterOptions | undefined;
  filters: ExploreFilters;
  onChange: (next: ExploreFilters) => void;
  onClearAll: () => void;
}) {
  const i18n = useI18n();
  const groups = options ? facets(options, i18n) : [];
  const name = (key: ListKey, v: string): string =>
    groups.find((g) => g.key === key)?.items.find((i) => i.value === v)?.label ?? v;
  const chips: Array<{ key: string; label: string; remove: () => void }> = [];
  if (filters.type)
    chips.push({
      key: 'type',
      label:
        filters.type === 'movie'
          ? i18n._({ id: 'mf-catalog.filters.movies', message: 'Movies' })
          : i18n._({ id: 'mf-catalog.filters.series', message: 'Series' }),
      remove: () => onChange({ ...filters, type: null }),
    });
  for (const key of ['genres', 'categories', 'timePeriods', 'languages', 'countries'] as const) {
    for (const v of filters[key]) {
      chips.push({
        key: `${key}:${v}`,
        label: name(key, v),
        remove: () => onChange({ ...filters, [key]: filters[key].filter((x) => x !== v) }),
      });
    }
  }
  if (filters.sortBy) {
    const label =
      options?.sortOptions.find((s) => s.value === filters.sortBy)?.label ?? filters.sortBy;
    chips.push({
      key: 'sort',
      label: i18n._({
        id: 'mf-catalog.filters.sortChip',
        message: 'Sort: {label}',
        values: { label },
      }),
      remove: () => onChange({ ...filters, sortBy: null }),
    });
  }
  if (chips.length === 0 && !filters.q) return null;
  return (
    <div
      className={styles.active}
      aria-label={i18n._({ id: 'mf-catalog.filters.active', message: 'Active filters' })}
      role="group"
    >
      {chips.map((c) => (
        <button
          key={c.key}
          type="button"
          className={styles.activeChip}
          onClick={c.remove}
          aria-label={i18n._({
            id: 'mf-catalog.filters.remove',
            message: 'Remove filter {label}',
            values: { label: c.label },
          })}
        >
          {c.label} <CloseIcon />
        </button>
      ))}
      <button type="button" className={styles.clearAll} onClick={onClearAll}>
        {i18n._({ id: 'mf-catalog.explore.clearAll', message: 'Clear all' })}
      </button>
    </div>
  );
}
