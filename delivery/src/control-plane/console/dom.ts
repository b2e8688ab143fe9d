/** A few lines of DOM building: the console has no framework (it is a page of the control plane). */
type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value);
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** Replaces an element's content. */
export const fill = (el: Element, ...children: (Child | Child[])[]) => {
  el.replaceChildren();
  for (const child of children.flat())
    if (child !== null && child !== undefined && child !== false)
      el.append(child instanceof Node ? child : String(child));
};

/** A time as operators compare them across zones: UTC, to the second, in a <time> element. */
export const time = (iso: string) =>
  h('time', { datetime: iso }, `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`);

let sequence = 0;
/** A unique id for label/field pairs. */
export const uid = (prefix: string) => `${prefix}-${++sequence}`;
