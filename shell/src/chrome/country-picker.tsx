import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_COUNTRY, Select, browserCountry, countryAtom, useI18n } from '@streamflix/shared';
import { filterOptionsQuery } from '../api/get-filter-options';
import styles from './country-picker.module.css';

/**
 * Guests choose the country whose catalogue they browse (spec §3 `country`).
 * The first visit stores the browser's country when the catalogue knows it;
 * every catalog call reads the stored value.
 */
export default function CountryPicker() {
  const i18n = useI18n();
  const [stored, setStored] = useAtom(countryAtom);
  const options = useQuery(filterOptionsQuery());
  const countries = options.data?.countries ?? [];
  useEffect(() => {
    if (stored || countries.length === 0) return;
    const suggested = browserCountry();
    const known =
      countries.find((c) => c.code === suggested) ??
      countries.find((c) => c.code === DEFAULT_COUNTRY);
    if (known) setStored(known.code);
  }, [stored, countries, setStored]);

  if (countries.length === 0) return null;
  const value = stored || DEFAULT_COUNTRY;
  return (
    <Select
      className={styles.picker}
      label={i18n._({ id: 'shell.country.label', message: 'Country' })}
      hideLabel
      compact
      value={value}
      onChange={(e) => setStored(e.target.value)}
      title={i18n._({
        id: 'shell.country.title',
        message: 'The catalogue follows the country you choose',
      })}
    >
      {countries.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </Select>
  );
}
