import { useSearchParams } from 'react-router-dom';

/**
 * Where to go after signing in, from `?next=` (set by checkout and the paywall
 * so a guest comes back to paying). Only a path inside this app is honoured,
 * never another origin (`//evil.example`, `https:`), so the link cannot be
 * used to send a fresh session elsewhere.
 */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || next.length > 500) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  return next;
}

/** The `?next=` of the current screen, if safe, and the query string that passes it on. */
export function useReturnPath(): { next: string | null; carry: string } {
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  return { next, carry: next ? `?next=${encodeURIComponent(next)}` : '' };
}
