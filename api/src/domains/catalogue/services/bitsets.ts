// Fixed-size bitsets over titles.seq: the search index's facets are ANDed and ORed word by word.
/** One bit per titles.seq, 32 to a word. */
export type Bits = Uint32Array;

export function setBit(set: Bits, seq: number): void {
  set[seq >>> 5]! |= 1 << (seq & 31);
}

export function andInto(target: Bits, other: Bits): void {
  for (let w = 0; w < target.length; w++) target[w]! &= other[w]!;
}

export function orInto(target: Bits, other: Bits): void {
  for (let w = 0; w < target.length; w++) target[w]! |= other[w]!;
}

export function popcount(set: Bits): number {
  let total = 0;
  for (let w = 0; w < set.length; w++) {
    let x = set[w]!;
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    total += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return total;
}
