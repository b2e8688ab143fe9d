/** The `<option>`s of a select over `{ code, name }` pairs (countries, languages). */
export function CodeOptions({ items }: { items: ReadonlyArray<{ code: string; name: string }> }) {
  return items.map((item) => (
    <option key={item.code} value={item.code}>
      {item.name}
    </option>
  ));
}
