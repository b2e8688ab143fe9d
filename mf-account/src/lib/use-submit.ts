import { useEffect, useRef, useState, type FormEvent } from 'react';

/** What a form's send hands back: the alert's message when it failed (null: no alert), nothing when it went through. */
export type SendOutcome = string | null | undefined;

/**
 * The account forms' submit: one request at a time, only once the fields pass
 * (`ready` marks them touched), the last alert cleared before a new try. A
 * failure ends the busy state and shows its message; after a success the form
 * stays busy, as it is usually on its way elsewhere (`setPending(false)` when it
 * stays). A form that renders its alert with `errorRef` moves focus to it, so
 * keyboard and screen-reader users land on the message.
 */
export function useSubmit(ready: () => boolean, send: () => Promise<SendOutcome>) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending || !ready()) return;
    setPending(true);
    setError(null);
    const failure = await send();
    if (failure === undefined) return;
    setPending(false);
    setError(failure);
  };

  return { error, setError, pending, setPending, errorRef, onSubmit };
}
