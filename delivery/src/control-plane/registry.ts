import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's one registry of remotes (remotes.json at the root). */
export const REGISTRY_FILE = path.resolve(__dirname, '..', '..', '..', 'remotes.json');

export interface RegisteredRemote {
  /** The federation name (`mf_player`): the key of a composition document's `remotes`. */
  name: string;
  /** The team that owns it: only that team's tokens may move it. */
  team: string;
  /** Its folder (`mf-player`): where its builds live in the build store. */
  dir?: string;
}

/** Who owns which remote, as the control plane enforces it. */
export class RemoteRegistry {
  private readonly owners: ReadonlyMap<string, string>;

  constructor(readonly remotes: readonly RegisteredRemote[]) {
    this.owners = new Map(remotes.map((r) => [r.name, r.team]));
  }

  /** The owning team, or undefined for a name the registry does not list. */
  ownerOf(remote: string): string | undefined {
    return this.owners.get(remote);
  }

  /** The folder a remote's builds live under (`mf_player` -> `mf-player` unless the registry says). */
  dirOf(remote: string): string | undefined {
    const entry = this.remotes.find((r) => r.name === remote);
    return entry ? (entry.dir ?? entry.name.replace(/_/g, '-')) : undefined;
  }

  has(remote: string): boolean {
    return this.owners.has(remote);
  }

  get teams(): string[] {
    return [...new Set(this.remotes.map((r) => r.team))].sort();
  }
}

export class RegistryError extends Error {
  override name = 'RegistryError';
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const TEAM = /^[a-z][a-z0-9-]*$/;
const DIR = /^[a-z0-9][a-z0-9-]*$/;

/**
 * Reads ownership from the registry. Read here rather than through a shared reader so the service
 * depends on the file's shape only; every problem is named, as a broken registry must not silently
 * hand a remote to nobody (or to everybody).
 */
export function parseRegistry(input: unknown, source = 'remotes.json'): RemoteRegistry {
  const list =
    typeof input === 'object' && input !== null
      ? (input as { remotes?: unknown }).remotes
      : undefined;
  if (!Array.isArray(list)) throw new RegistryError(`${source}: "remotes" must be a list.`);
  const problems: string[] = [];
  const remotes: RegisteredRemote[] = [];
  list.forEach((raw: unknown, i) => {
    const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const { name, team, dir } = entry;
    if (typeof name !== 'string' || !IDENTIFIER.test(name))
      problems.push(`remote #${i + 1}: "name" must be a JavaScript identifier`);
    else if (remotes.some((r) => r.name === name))
      problems.push(`remote "${name}" is listed twice`);
    if (typeof team !== 'string' || !TEAM.test(team))
      problems.push(`remote #${i + 1}: "team" must be a lower-case team name`);
    if (dir !== undefined && (typeof dir !== 'string' || !DIR.test(dir)))
      problems.push(`remote #${i + 1}: "dir" must be a folder name (lower-case, dashes)`);
    if (typeof name === 'string' && typeof team === 'string')
      remotes.push({ name, team, ...(typeof dir === 'string' ? { dir } : {}) });
  });
  if (problems.length) throw new RegistryError(`${source}: ${problems.join('; ')}.`);
  return new RemoteRegistry(remotes);
}

export function readRegistry(file = REGISTRY_FILE): RemoteRegistry {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new RegistryError(`The registry of remotes (${file}) could not be read: ${String(err)}`);
  }
  return parseRegistry(json, file);
}
