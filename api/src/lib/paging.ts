/** The largest page any list answers. */
export const MAX_PAGE_SIZE = 100;

export function clampLimit(limit: number | undefined, fallback = 20): number {
  return Math.min(Math.max(1, Math.floor(limit ?? fallback)), MAX_PAGE_SIZE);
}
