import { useCallback, useMemo, useState, type ChangeEvent } from 'react';

export type Errors<K extends string> = Partial<Record<K, string>>;

/**
 * Form state with the manners viewers expect: no error before a field's first
 * blur (or a submit), then live validation as they type; server errors sit
 * next to their field until that field changes; values are never cleared on
 * failure.
 */
export function useForm<K extends string>(
  initial: Record<K, string>,
  validate: (values: Record<K, string>) => Errors<K>,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Errors<K>>({});

  const clientErrors = useMemo(() => validate(values), [validate, values]);
  const errors = useMemo(() => {
    const out: Errors<K> = {};
    (Object.keys(values) as K[]).forEach((k) => {
      const msg = (touched[k] ? clientErrors[k] : undefined) ?? serverErrors[k];
      if (msg) out[k] = msg;
    });
    return out;
  }, [values, touched, clientErrors, serverErrors]);

  const setValue = useCallback((k: K, v: string) => {
    setValues((prev) => ({ ...prev, [k]: v }));
    setServerErrors((prev) => (prev[k] ? { ...prev, [k]: undefined } : prev));
  }, []);

  /** Marks every field touched; true when the form may be sent. */
  const touchAll = useCallback((): boolean => {
    setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Record<K, boolean>);
    return Object.values(clientErrors).every((e) => !e);
  }, [values, clientErrors]);

  const field = (k: K) => ({
    name: k,
    value: values[k],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(k, e.target.value),
    onBlur: () => setTouched((t) => (t[k] ? t : { ...t, [k]: true })),
    error: errors[k],
  });

  return { values, errors, clientErrors, setValue, touchAll, field, setServerErrors };
}
