import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import styles from './explore.module.css';
import { SearchIcon, useI18n } from '@streamflix/shared';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search text is typed freely and reaches the URL (and the server) once the
 * viewer pauses. A change from outside (Back, Clear all) updates the box.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const i18n = useI18n();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const lastSent = useRef(value);

  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const q = debounced.replace(/\s+/g, ' ').trim();
    if (q !== lastSent.current) {
      lastSent.current = q;
      onSearch(q);
    }
  }, [debounced, onSearch]);

  return (
    <form
      role="search"
      className={styles.search}
      onSubmit={(e) => {
        e.preventDefault();
        const q = text.replace(/\s+/g, ' ').trim();
        if (q !== lastSent.current) {
          lastSent.current = q;
          onSearch(q);
        }
      }}
    >
      <label htmlFor="explore-search" className="sf-visually-hidden">
        {i18n._({ id: 'mf-catalog.search.label', message: 'Search titles, people and genres' })}
      </label>
      <SearchIcon className={styles.searchIcon} />
      <input
        id="explore-search"
        type="search"
        className={styles.searchInput}
        placeholder={i18n._({
          id: 'mf-catalog.search.placeholder',
          message: 'Search titles, cast, directors…',
        })}
        value={text}
        maxLength={100}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(e) => setText(e.target.value)}
      />
    </form>
  );
}
