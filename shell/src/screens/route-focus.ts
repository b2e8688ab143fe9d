/**
 * Focus and scroll across client-side navigations, as a screen-reader or
 * keyboard user needs them: a new screen takes focus on its heading and is
 * announced; Back returns focus (and scroll) to where the viewer was.
 */

/** Enough to find "the same" element again after the screen is rendered anew. */
export interface FocusMemo {
  tag: string;
  href: string | null;
  label: string;
  /** Position among the elements that match tag, href and label. */
  index: number;
}

const labelOf = (el: Element) =>
  (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 120);

function candidates(root: ParentNode, memo: Omit<FocusMemo, 'index'>): Element[] {
  return [...root.querySelectorAll(memo.tag)].filter(
    (el) => el.getAttribute('href') === memo.href && labelOf(el) === memo.label,
  );
}

export function describeFocus(el: Element | null, root: ParentNode = document): FocusMemo | null {
  if (!el || el === document.body || el.tagName === 'HTML') return null;
  const memo = {
    tag: el.tagName.toLowerCase(),
    href: el.getAttribute('href'),
    label: labelOf(el),
  };
  return { ...memo, index: Math.max(0, candidates(root, memo).indexOf(el)) };
}

export function findFocus(memo: FocusMemo, root: ParentNode = document): HTMLElement | null {
  const list = candidates(root, memo);
  return (list[memo.index] ?? list[0] ?? null) as HTMLElement | null;
}

/** The screen's h1 once its content is there: not a skeleton's "Loading…" heading (aria-busy). */
export function screenHeading(main: HTMLElement | null): HTMLHeadingElement | null {
  const h1 = main?.querySelector('h1') ?? null;
  return h1 && !h1.closest('[aria-busy="true"]') ? h1 : null;
}

/** Focus a heading that is not focusable by Tab (tabindex -1), without scrolling. */
export function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/** Resolves with what `find` returns as soon as it is non-null in `main`, or null after `timeoutMs`. */
export function whenFound<T>(
  main: HTMLElement,
  find: () => T | null,
  timeoutMs = 10_000,
): { promise: Promise<T | null>; cancel: () => void } {
  let observer: MutationObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    observer?.disconnect();
    clearTimeout(timer);
  };
  const promise = new Promise<T | null>((resolve) => {
    const settle = (v: T | null) => {
      cancel();
      resolve(v);
    };
    const now = find();
    if (now) return settle(now);
    observer = new MutationObserver(() => {
      const v = find();
      if (v) settle(v);
    });
    observer.observe(main, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-busy'],
    });
    timer = setTimeout(() => settle(find()), timeoutMs);
  });
  return { promise, cancel };
}
