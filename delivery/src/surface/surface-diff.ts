/**
 * What changed between two public-surface reports, and the version bump it requires:
 *
 * - removing or changing something others use is incompatible: a major bump (a minor before 1.0);
 * - adding something is an addition: a minor bump;
 * - anything else (what a remote reads, the shared exports it imports) needs no particular bump.
 *
 * Conservative by design: a changed type counts as incompatible (the report cannot tell a
 * widened parameter from a narrowed one). A new member of an object type is an addition, except
 * a required one on an input — a component's props, an export named `…Props`, `…Options`,
 * `…Input`, `…Args`, `…Params` or `…Config` — which breaks whoever builds it.
 */
import type { ApiReport, RemoteReport, SharedReport, SurfaceReport } from './surface-report';

export type Level = 'none' | 'patch' | 'minor' | 'major';
const ORDER: Level[] = ['none', 'patch', 'minor', 'major'];
export const maxLevel = (...levels: Level[]): Level =>
  levels.reduce((a, b) => (ORDER.indexOf(b) > ORDER.indexOf(a) ? b : a), 'none');
export const atLeast = (have: Level, need: Level) => ORDER.indexOf(have) >= ORDER.indexOf(need);

/** How an item matters to others when it goes away or appears. */
type Role = 'offered' | 'written' | 'read';

interface Item {
  text: string;
  role: Role;
  /** A member of an input (props, options): a new required one breaks whoever builds it. */
  member?: boolean;
  input?: boolean;
  /** An API leaf: a new entry in a request's `required` list breaks callers. */
  requiredField?: boolean;
  deprecated?: boolean;
  label: string;
  /** The item this one belongs to: not named again when that one is removed or added. */
  parent?: string;
}

export interface Change {
  kind: 'removed' | 'added' | 'changed';
  label: string;
  incompatible: boolean;
  deprecated?: boolean;
  /** A shared export's name (for a removal: supported releases may still use it). */
  exportName?: string;
  /** A changed export a pending changeset declares compatible (`Compatible: name`). */
  declaredCompatible?: boolean;
}

const INPUT_TYPE = /(Props|Options|Input|Args|Params|Config)$/;

function sharedItems(r: SharedReport): Map<string, Item> {
  const items = new Map<string, Item>();
  for (const [entry, exports] of Object.entries(r.entries)) {
    const where = entry === '.' ? '' : ` (${r.name}/${entry.slice(2)})`;
    if (exports === 'asset') {
      items.set(`asset ${entry}`, { text: 'asset', role: 'offered', label: `file ${entry}` });
      continue;
    }
    for (const [name, shape] of Object.entries(exports)) {
      const label = `export "${name}"${where}`;
      items.set(`${entry} ${name}`, {
        text: shape.members ? `${shape.kind}` : `${shape.kind} ${shape.type}`,
        role: 'offered',
        deprecated: shape.deprecated,
        label,
      });
      for (const [m, t] of Object.entries(shape.members ?? {}))
        items.set(`${entry} ${name}.${m}`, {
          text: t,
          role: 'offered',
          member: true,
          input: INPUT_TYPE.test(name),
          parent: `${entry} ${name}`,
          label: `member "${m.replace(/\?$/, '')}" of export "${name}"${where}`,
        });
    }
  }
  return items;
}

function remoteItems(r: RemoteReport): Map<string, Item> {
  const items = new Map<string, Item>();
  for (const [expose, shapes] of Object.entries(r.exposes)) {
    items.set(`expose ${expose}`, {
      text: 'expose',
      role: 'offered',
      label: `expose "./${expose}"`,
    });
    for (const [name, shape] of Object.entries(shapes)) {
      items.set(`expose ${expose} ${name}`, {
        text: shape.members ? shape.kind : `${shape.kind} ${shape.type}`,
        role: 'offered',
        parent: `expose ${expose}`,
        label: `"${name}" of expose "./${expose}"`,
      });
      for (const [m, t] of Object.entries(shape.members ?? {}))
        items.set(`expose ${expose} ${name}.${m}`, {
          text: t,
          role: 'offered',
          member: true,
          input: true,
          parent: `expose ${expose} ${name}`,
          label: `prop "${m.replace(/\?$/, '')}" of expose "./${expose}"`,
        });
    }
  }
  for (const p of r.paths)
    items.set(`path ${p}`, { text: 'path', role: 'offered', label: `path "${p}"` });
  const c = r.contracts;
  for (const e of c.emits)
    items.set(`emits ${e}`, { text: '', role: 'written', label: `event "${e}" it emits` });
  for (const k of c.storageWrites)
    items.set(`writes ${k}`, { text: '', role: 'written', label: `storage "${k}" it writes` });
  for (const e of c.listens)
    items.set(`listens ${e}`, { text: '', role: 'read', label: `event "${e}" it listens to` });
  for (const k of c.storageReads)
    items.set(`reads ${k}`, { text: '', role: 'read', label: `storage "${k}" it reads` });
  for (const o of c.operations)
    items.set(`calls ${o}`, { text: '', role: 'read', label: `API operation "${o}" it calls` });
  return items;
}

function apiItems(r: ApiReport): Map<string, Item> {
  const items = new Map<string, Item>();
  for (const [op, leaves] of Object.entries(r.operations)) {
    items.set(`op ${op}`, { text: 'operation', role: 'offered', label: `operation "${op}"` });
    for (const [leaf, value] of Object.entries(leaves))
      items.set(`op ${op} ${leaf}`, {
        text: value,
        role: 'offered',
        member: true,
        parent: `op ${op}`,
        requiredField: /^(requestBody|parameters)\b.*\.required\[/.test(leaf),
        label: `"${leaf}" of operation "${op}"`,
      });
  }
  return items;
}

export function itemsOf(r: SurfaceReport): Map<string, Item> {
  return r.kind === 'package' ? sharedItems(r) : r.kind === 'remote' ? remoteItems(r) : apiItems(r);
}

export function diffReports(before: SurfaceReport, after: SurfaceReport): Change[] {
  const a = itemsOf(before);
  const b = itemsOf(after);
  const changes: Change[] = [];
  const gone = new Set<string>();
  const exportName = (key: string, item: Item) =>
    before.kind === 'package' && !item.parent && !key.startsWith('asset ')
      ? key.slice(key.indexOf(' ') + 1)
      : undefined;
  for (const [key, item] of a) {
    const now = b.get(key);
    if (!now) {
      gone.add(key);
      if (item.parent && gone.has(item.parent)) continue;
      changes.push({
        kind: 'removed',
        label: item.label,
        incompatible: item.role !== 'read',
        ...(item.deprecated ? { deprecated: true } : {}),
        ...(exportName(key, item) ? { exportName: exportName(key, item) } : {}),
      });
    } else if (now.text !== item.text) {
      // A changed member is declared compatible by naming its export (`Compatible: ApiOperations`).
      const owner = item.parent && a.get(item.parent);
      const name = owner ? exportName(item.parent!, owner) : exportName(key, item);
      changes.push({
        kind: 'changed',
        label: item.label,
        incompatible: item.role !== 'read',
        ...(name ? { exportName: name } : {}),
      });
    }
  }
  const added = new Set<string>();
  for (const [key, item] of b) {
    if (a.has(key)) continue;
    added.add(key);
    if (item.parent && added.has(item.parent)) continue;
    const requiredInput = item.member && item.input && !key.endsWith('?');
    changes.push({
      kind: 'added',
      label: item.label,
      // A new required prop or member breaks whoever builds the object; API response leaves are
      // read, not built, by clients: only a new required request field breaks them.
      incompatible:
        item.role === 'offered' &&
        (after.kind === 'api' ? Boolean(item.requiredField) : Boolean(requiredInput)),
    });
  }
  return changes;
}

/** The bump one change requires at `version` (0.x: incompatible needs only a minor). */
export function levelOf(change: Change, version: string): Level {
  if (change.incompatible) return version.startsWith('0.') ? 'minor' : 'major';
  return change.kind === 'added' ? 'minor' : 'patch';
}

/** The bump a set of changes requires at `version`. */
export function requiredLevel(changes: Change[], version: string): Level {
  return maxLevel(...changes.map((c) => levelOf(c, version)));
}

/** The bump between two versions (`0.2.0` → `0.3.0` is minor). */
export function levelBetween(from: string, to: string): Level {
  const [a, b] = [from, to].map((v) => v.split(/[.-]/).slice(0, 3).map(Number)) as [
    number[],
    number[],
  ];
  if (b[0]! > a[0]!) return 'major';
  if (b[0] === a[0] && b[1]! > a[1]!) return 'minor';
  if (b[0] === a[0] && b[1] === a[1] && b[2]! > a[2]!) return 'patch';
  return 'none';
}

/**
 * Exports a changeset declares compatible although their type changed: a body line
 * `Compatible: createIsolatedApp, other — why` (the report cannot tell a compatible change from
 * an incompatible one; the team that made it can, and says so in the changelog).
 */
export function declaredCompatible(text: string): string[] {
  return [...text.matchAll(/^Compatible:\s*([\w$]+(?:\s*,\s*[\w$]+)*)/gim)].flatMap((m) =>
    m[1]!.split(/\s*,\s*/),
  );
}

/** Changeset frontmatter: `"<package>": major|minor|patch` lines. */
export function changesetBumps(text: string): Record<string, Level> {
  const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const out: Record<string, Level> = {};
  for (const line of front.split('\n')) {
    const m = /^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch)\s*$/.exec(line);
    if (m) out[m[1]!] = maxLevel(out[m[1]!] ?? 'none', m[2] as Level);
  }
  return out;
}
