import type { KeyboardEvent } from 'react';

/**
 * Arrow keys walk the card links of a rail or grid (Tab still moves through them
 * one by one). Left/Right go to the previous/next card (next/previous in right to left, where
 * the rail runs from the right); Up/Down go to the card
 * in the same column of the row above/below; Home/End to the first/last.
 */
export function onArrowKeyNav(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const links = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[data-card-link]'));
  const index = links.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  let next = index;
  const columns = Math.max(1, links.filter((l) => l.offsetTop === links[0]!.offsetTop).length);
  const forward = getComputedStyle(event.currentTarget).direction === 'rtl' ? -1 : 1;
  if (event.key === 'ArrowLeft') next = index - forward;
  else if (event.key === 'ArrowRight') next = index + forward;
  else if (event.key === 'ArrowUp') next = columns >= links.length ? index : index - columns;
  else if (event.key === 'ArrowDown') next = columns >= links.length ? index : index + columns;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = links.length - 1;
  const target = links[next];
  if (!target || next === index) return;
  event.preventDefault();
  target.focus();
  target.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}
