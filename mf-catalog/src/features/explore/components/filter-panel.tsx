import { Select, type FilterOptions } from '@streamflix/shared';
import {
  toggleById,
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

export interface FilterPanelProps {
  id: string;
  options: FilterOptions;
  filters: ExploreFilters;
  onChange: (next: ExploreFilters) => void;
}

export function FilterPanel({ id, options, filters, onChange }: FilterPanelProps) {
  const set = (key: ListKey, values: string[]) => onChange({ ...filters, [key]: values });
  const types: Array<{ value: TitleType | null; label: string }> = [
    { value: null, label: 'All' },
    { value: 'movie', label: 'Movies' },
    { value: 'series', label: 'Series' },
  ];
  // Genres have their own group and Type covers movies/series; categories keep the other curated lists.
  const categories = options.categories.filter(
    (c) => !['genre', 'movies', 'series'].includes(c.rule),
  );
  return (
    <div id={id} className={styles.panel}>
      <div className={styles.panelRow}>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Type</legend>
          <div className={styles.chips}>
            {types.map((t) => (
              <button
                key={t.label}
                type="button"
                className={styles.chip}
                aria-pressed={filters.type === t.value}
                onClick={() => onChange({ ...filters, type: t.value })}
              >
                {t.label}
              </button>
            ))}
          </div>
        </fieldset>
        <Select
          className={styles.group}
          label={<span className={styles.legend}>Sort by</span>}
          value={filters.sortBy ?? ''}
          onChange={(e) =>
            onChange({ ...filters, sortBy: (e.target.value || null) as SortBy | null })
          }
        >
          <option value="">{filters.q ? 'Best match' : 'Most popular'} (default)</option>
          {options.sortOptions.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
      </div>
      <ChipGroup
        legend="Genres"
        chips={options.genres.map((g) => ({
          key: g.id,
          label: g.name,
          pressed: filters.genres.includes(g.id),
          onToggle: () => set('genres', toggleById(filters.genres, g)),
        }))}
      />
      <ChipGroup
        legend="Categories"
        chips={categories.map((c) => ({
          key: c.id,
          label: c.name,
          pressed: filters.categories.includes(c.id),
          onToggle: () => set('categories', toggleById(filters.categories, c)),
        }))}
      />
      <ChipGroup
        legend="Release period"
        chips={options.timePeriods.map((t) => ({
          key: t.value,
          label: t.label,
          pressed: filters.timePeriods.includes(t.value),
          onToggle: () => set('timePeriods', toggleByValue(filters.timePeriods, t)),
        }))}
      />
      <ChipGroup
        legend="Original language"
        chips={options.languages.map((l) => ({
          key: l.code,
          label: l.name,
          pressed: filters.languages.includes(l.code),
          onToggle: () => set('languages', toggleByValue(filters.languages, { value: l.code })),
        }))}
      />
      <ChipGroup
        legend="Country of production"
        chips={options.countries.map((c) => ({
          key: c.code,
          label: c.name,
          pressed: filters.countries.includes(c.code),
          onToggle: () => set('countries', toggleByValue(filters.countries, { value: c.code })),
        }))}
      />
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
  const name = (key: ListKey, v: string): string => {
    if (!options) return v;
    if (key === 'genres') return options.genres.find((g) => g.id === v)?.name ?? v;
    if (key === 'categories') return options.categories.find((c) => c.id === v)?.name ?? v;
    if (key === 'countries') return options.countries.find((c) => c.code === v)?.name ?? v;
    if (key === 'languages') return options.languages.find((l) => l.code === v)?.name ?? v;
    return options.timePeriods.find((t) => t.value === v)?.label ?? v;
  };
  const chips: Array<{ key: string; label: string; remove: () => void }> = [];
  if (filters.type)
    chips.push({
      key: 'type',
      label: filters.type === 'movie' ? 'Movies' : 'Series',
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
      label: `Sort: ${label}`,
      remove: () => onChange({ ...filters, sortBy: null }),
    });
  }
  if (chips.length === 0 && !filters.q) return null;
  return (
    <div className={styles.active} aria-label="Active filters" role="group">
      {chips.map((c) => (
        <button
          key={c.key}
          type="button"
          className={styles.activeChip}
          onClick={c.remove}
          aria-label={`Remove filter ${c.label}`}
        >
          {c.label} <span aria-hidden="true">×</span>
        </button>
      ))}
      <button type="button" className={styles.clearAll} onClick={onClearAll}>
        Clear all
      </button>
    </div>
  );
}
