/**
 * The part of semver the compatibility gate needs: parse a version, read a
 * range (npm's grammar: `||`, hyphen ranges, `^`, `~`, x-ranges, comparators)
 * and test a version against it with prereleases included.
 *
 * The gate runs in the shell before the first remote mounts, so it sits on the
 * critical path of every cold start. The npm `semver` package weighed 10.6 KB
 * gzip in the shell's entry and compiles dozens of regular expressions when it
 * loads; this covers the same ground in a fraction of that. `semver.test.ts`
 * checks it against the npm package on a corpus of versions and ranges.
 */

export interface Version {
  major: number;
  minor: number;
  patch: number;
  prerelease: Array<string | number>;
}

type Operator = '<' | '<=' | '>' | '>=' | '=';
interface Comparator {
  op: Operator;
  version: Version;
}

const NUM = '0|[1-9]\\d*';
const IDENT = `(?:${NUM}|\\d*[a-zA-Z-][a-zA-Z0-9-]*)`;
const PRERELEASE = `(?:-(${IDENT}(?:\\.${IDENT})*))`;
const BUILD = '(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)';
const FULL = new RegExp(`^v?(${NUM})\\.(${NUM})\\.(${NUM})${PRERELEASE}?${BUILD}?$`);
const XR = `(${NUM}|x|X|\\*)`;
const PARTIAL = `v?${XR}(?:\\.${XR}(?:\\.${XR}${PRERELEASE}?${BUILD}?)?)?`;
const SIMPLE = new RegExp(`^(~>?|\\^|<=|>=|<|>|=)?\\s*${PARTIAL}$`);
const HYPHEN = /^\s*(\S+)\s+-\s+(\S+)\s*$/;

const prereleaseOf = (text: string | undefined): Array<string | number> =>
  text ? text.split('.').map((id) => (/^\d+$/.test(id) ? Number(id) : id)) : [];

/** A full version (`1.2.3`, `v1.2.3-beta.1+build`), or null. */
export function parseVersion(text: string): Version | null {
  const m = FULL.exec(text.trim());
  if (!m) return null;
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (![major, minor, patch].every(Number.isSafeInteger)) return null;
  return { major, minor, patch, prerelease: prereleaseOf(m[4]) };
}

export const formatVersion = (v: Version) =>
  `${v.major}.${v.minor}.${v.patch}${v.prerelease.length ? `-${v.prerelease.join('.')}` : ''}`;

/** The normalised version, or null when the text is not one (npm `semver.valid`). */
export function valid(text: string): string | null {
  const v = parseVersion(text);
  return v ? formatVersion(v) : null;
}

/** The first `N[.N[.N]]` in a text as a version (npm `semver.coerce`, prerelease dropped). */
export function coerce(text: string): string | null {
  const m = /(^|[^\d])(\d{1,16})(?:\.(\d{1,16}))?(?:\.(\d{1,16}))?(?:$|[^\d])/.exec(text);
  if (!m) return null;
  return valid(`${m[2]}.${m[3] ?? 0}.${m[4] ?? 0}`);
}

function compareIds(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compare(a: Version, b: Version): number {
  const main = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (main) return Math.sign(main);
  const [pa, pb] = [a.prerelease, b.prerelease];
  if (!pa.length || !pb.length) return pa.length === pb.length ? 0 : pa.length ? -1 : 1;
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const [ia, ib] = [pa[i], pb[i]];
    if (ia === undefined) return -1;
    if (ib === undefined) return 1;
    const c = compareIds(ia, ib);
    if (c) return Math.sign(c);
  }
  return 0;
}

export const major = (text: string) => parseVersion(text)?.major ?? NaN;
export const gte = (a: string, b: string) => {
  const [va, vb] = [parseVersion(a), parseVersion(b)];
  return !!va && !!vb && compare(va, vb) >= 0;
};

const isX = (part: string | undefined) => part === undefined || /^[xX*]$/.test(part);
const v = (major: number, minor: number, patch: number, pre: Array<string | number> = []) => ({
  major,
  minor,
  patch,
  prerelease: pre,
});
/** The lowest version above everything of a prefix: `<2.0.0-0` for "below 2". */
const below = (major: number, minor: number, patch: number): Comparator => ({
  op: '<',
  version: v(major, minor, patch, [0]),
});

/** One simple range (`^1.2`, `>=1.x`, `~1.2.3-beta`, `1.2.x`) as comparators, or null. */
function simple(text: string): Comparator[] | null {
  const m = SIMPLE.exec(text);
  if (!m) return null;
  const op = m[1] ?? '';
  const [M, m2, p] = [m[2], m[3], m[4]];
  const pre = prereleaseOf(m[5]);
  const xM = isX(M);
  const xm = xM || isX(m2);
  const xp = xm || isX(p);
  const [nM, nm, np] = [xM ? 0 : Number(M), xm ? 0 : Number(m2), xp ? 0 : Number(p)];
  // Prereleases are included, so a prefix's lower end is its lowest prerelease: `1.2` ≥ 1.2.0-0.
  const from = { op: '>=' as const, version: v(nM, nm, np, xp ? [0] : pre) };
  if (op === '^') {
    if (xM) return [];
    if (nM > 0 || xm) return [from, below(nM + 1, 0, 0)];
    if (nm > 0 || xp) return [from, below(0, nm + 1, 0)];
    return [from, below(0, 0, np + 1)];
  }
  if (op === '~' || op === '~>') {
    if (xM) return [];
    return xm ? [from, below(nM + 1, 0, 0)] : [from, below(nM, nm + 1, 0)];
  }
  if (xp) {
    // An x-range: a prefix of a version.
    if (xM) return op === '<' || op === '>' ? [{ op: '<', version: v(0, 0, 0, [0]) }] : [];
    const next = xm ? v(nM + 1, 0, 0) : v(nM, nm + 1, 0);
    switch (op) {
      case '>':
        return [{ op: '>=', version: { ...next, prerelease: [0] } }];
      case '>=':
        return [from];
      case '<':
        return [{ op: '<', version: from.version }];
      case '<=':
        return [{ op: '<', version: { ...next, prerelease: [0] } }];
      default:
        return [from, { op: '<', version: { ...next, prerelease: [0] } }];
    }
  }
  return [{ op: (op || '=') as Operator, version: v(nM, nm, np, pre) }];
}

function hyphen(from: string, to: string): Comparator[] | null {
  if (!/^v?[\dxX*]/.test(from) || !/^v?[\dxX*]/.test(to)) return null;
  const [a, b] = [simple(from), simple(`<=${to}`)];
  if (!a || !b) return null;
  // The lower end is inclusive, whatever its precision: `1.2 - 2` starts at 1.2.0.
  const low = a[0] ? [{ op: '>=' as const, version: a[0].version }] : [];
  return [...low, ...b];
}

/** A range as sets of comparators (any set may match), or null when it is not a valid range. */
export function parseRange(text: string): Comparator[][] | null {
  const sets: Comparator[][] = [];
  for (const part of text.split('||')) {
    const h = HYPHEN.exec(part);
    if (h?.[1] && h[2]) {
      const set = hyphen(h[1], h[2]);
      if (!set) return null;
      sets.push(set);
      continue;
    }
    // "> 1.2" means ">1.2": an operator may stand apart from its version.
    const words = part
      .trim()
      .replace(/(~>?|\^|<=|>=|<|>|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    const set: Comparator[] = [];
    for (const word of words) {
      const comparators = simple(word);
      if (!comparators) return null;
      set.push(...comparators);
    }
    sets.push(set);
  }
  return sets;
}

export const validRange = (text: string) => parseRange(text) !== null;

function test(c: Comparator, version: Version): boolean {
  const d = compare(version, c.version);
  switch (c.op) {
    case '<':
      return d < 0;
    case '<=':
      return d <= 0;
    case '>':
      return d > 0;
    case '>=':
      return d >= 0;
    default:
      return d === 0;
  }
}

/** Does a version satisfy a range? Prereleases count like any version (`includePrerelease`). */
export function satisfies(version: string, range: string): boolean {
  const parsed = parseVersion(version);
  const sets = parseRange(range);
  if (!parsed || !sets) return false;
  return sets.some((set) => set.every((c) => test(c, parsed)));
}
