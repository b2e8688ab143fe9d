import { coerce, gte, major, satisfies, valid, validRange } from './semver';

export { valid as validVersion } from './semver';

/**
 * The compatibility gate: may this build of a remote run in this environment?
 * One pure implementation, run by the compose CLI before an environment's
 * document changes and by the shell before it mounts a remote, so "the CLI
 * accepted it" and "the browser runs it" can never disagree. A package of its own
 * (`@streamflix/composition`), so it never weighs on the shared singleton.
 */

/** The singletons whose ranges decide whether a remote can share the shell's React tree. */
export const GATED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'jotai',
  '@tanstack/react-query',
  '@streamflix/shared',
] as const;

export interface BuildInfo {
  /** The package version the remote was built at (`buildInfo.buildVersion`). */
  version?: string;
  /** Git commit of the build (added by the deploy step). */
  commit?: string;
  /** ISO time of the build (added by the deploy step). */
  builtAt?: string;
  /** `info.version` of the API contract the remote was built against. */
  contractVersion?: string;
}

export interface SharedDeclaration {
  name: string;
  version: string;
  requiredVersion: string;
  singleton: boolean;
}

export interface ManifestSummary {
  name: string;
  build: BuildInfo;
  exposes: string[];
  shared: SharedDeclaration[];
  /** It exposes single-spa lifecycles, so it can run in its own React root. */
  isolatable: boolean;
}

export interface GateInput {
  remote: string;
  /** The parsed mf-manifest.json (anything: it comes from the network). */
  manifest: unknown;
  /** Exposed screens the shell's route tables map to this remote. */
  requiredExposes: readonly string[];
  /** Versions of the shared packages the environment's shell provides. */
  provided: Readonly<Record<string, string>>;
  /** The API contract version the environment's API serves; omitted = not checked. */
  apiContractVersion?: string;
  /** The version (or range) the environment's document expects; omitted = not checked. */
  expectedVersion?: string;
}

export interface GateReport {
  ok: boolean;
  problems: string[];
  /** Present when the manifest was well-formed enough to read. */
  manifest?: ManifestSummary;
  /** The shared-range problems alone: an isolated mount escapes exactly these. */
  sharedProblems: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** Read the fields the gate needs from an untrusted manifest, naming what is missing. */
export function readManifest(json: unknown): { manifest?: ManifestSummary; problems: string[] } {
  if (!isObject(json)) return { problems: ['the manifest is not a JSON object'] };
  const problems: string[] = [];
  const name = str(json.name);
  if (!name) problems.push('the manifest has no "name"');
  const meta = isObject(json.metaData) ? json.metaData : undefined;
  if (!meta || !isObject(meta.remoteEntry) || !str(meta.remoteEntry.name))
    problems.push('the manifest names no remote entry (metaData.remoteEntry)');
  if (!Array.isArray(json.exposes)) problems.push('the manifest has no "exposes" list');
  if (!Array.isArray(json.shared)) problems.push('the manifest has no "shared" list');
  if (problems.length) return { problems };
  const info = isObject(meta!.buildInfo) ? meta!.buildInfo : {};
  const exposes = (json.exposes as unknown[])
    .map((e) => (isObject(e) ? str(e.name) : undefined))
    .filter((e): e is string => Boolean(e));
  const shared = (json.shared as unknown[]).filter(isObject).map((s) => ({
    name: String(s.name ?? ''),
    version: String(s.version ?? ''),
    requiredVersion: String(s.requiredVersion ?? '*'),
    singleton: s.singleton === true,
  }));
  const version = str(info.buildVersion);
  return {
    problems,
    manifest: {
      name: name!,
      build: {
        version: version === 'local' ? undefined : version,
        commit: str(info.commit),
        builtAt: str(info.builtAt),
        contractVersion: str(info.contractVersion),
      },
      exposes,
      shared,
      isolatable: exposes.includes('lifecycles'),
    },
  };
}

/** A build version satisfies what the document expects (an exact version or a range). */
export function satisfiesExpected(actual: string, expected: string): boolean {
  return valid(actual) !== null && satisfies(actual, expected);
}

/** Run the gate. Every problem is named, so a refusal tells the team what to fix. */
export function runGate(input: GateInput): GateReport {
  const { manifest, problems } = readManifest(input.manifest);
  const sharedProblems: string[] = [];
  if (!manifest) return { ok: false, problems, sharedProblems };

  if (manifest.name !== input.remote)
    problems.push(`the manifest is for "${manifest.name}", not "${input.remote}"`);

  if (input.expectedVersion && manifest.build.version) {
    if (!satisfiesExpected(manifest.build.version, input.expectedVersion))
      problems.push(
        `it is version ${manifest.build.version}; the environment expects ${input.expectedVersion}`,
      );
  }

  const missing = input.requiredExposes.filter((e) => !manifest.exposes.includes(e));
  if (missing.length)
    problems.push(
      `it does not expose ${missing.map((m) => `"${m}"`).join(', ')}, which the shell's routes need`,
    );

  for (const pkg of GATED_SINGLETONS) {
    const decl = manifest.shared.find((s) => s.name === pkg);
    if (!decl) continue;
    const provided = input.provided[pkg];
    if (!provided) {
      sharedProblems.push(
        `it shares ${pkg} ${decl.requiredVersion}, which the shell does not provide`,
      );
      continue;
    }
    if (!validRange(decl.requiredVersion)) {
      sharedProblems.push(`its ${pkg} range "${decl.requiredVersion}" is not a valid semver range`);
      continue;
    }
    if (!satisfies(provided, decl.requiredVersion))
      sharedProblems.push(
        `it requires ${pkg} ${decl.requiredVersion}; the shell provides ${provided}`,
      );
  }
  problems.push(...sharedProblems);

  if (input.apiContractVersion) {
    const built = manifest.build.contractVersion;
    if (!built) problems.push('it does not say which API contract version it was built against');
    else if (!contractServes(input.apiContractVersion, built))
      problems.push(
        `it was built against API contract ${built}; the environment's API serves ${input.apiContractVersion}`,
      );
  }
  return { ok: problems.length === 0, problems, manifest, sharedProblems };
}

/**
 * The API keeps its contract backwards compatible within a major version, so
 * a remote built against contract X works with any served contract of the same
 * major that is at least X.
 */
export function contractServes(served: string, builtAgainst: string): boolean {
  const s = coerce(served);
  const b = coerce(builtAgainst);
  if (!s || !b) return false;
  return major(s) === major(b) && gte(s, b);
}

/** One line per problem, for the CLI and the console. */
export function formatGateReport(remote: string, report: GateReport): string {
  if (report.ok) return `${remote}: the compatibility gate passed.`;
  return [
    `${remote}: the compatibility gate refused this build:`,
    ...report.problems.map((p) => `  - ${p}`),
  ].join('\n');
}

/** Fetch a manifest, turning every failure into a problem the gate can report. */
export async function fetchManifest(
  url: string,
  fetchImpl: typeof fetch = fetch,
): Promise<{ json?: unknown; problem?: string }> {
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-cache' });
  } catch {
    return { problem: `its manifest (${url}) could not be fetched` };
  }
  if (!response.ok) return { problem: `its manifest (${url}) answered HTTP ${response.status}` };
  try {
    return { json: await response.json() };
  } catch {
    return { problem: `its manifest (${url}) is not valid JSON` };
  }
}

/** The remote entry's URL, resolved against its manifest's URL (publicPath 'auto'). */
export function remoteEntryUrl(manifestUrl: string, manifest: unknown): string | undefined {
  if (!isObject(manifest) || !isObject(manifest.metaData)) return undefined;
  const entry = manifest.metaData.remoteEntry;
  if (!isObject(entry) || !str(entry.name)) return undefined;
  const dir = str(entry.path) ? `${String(entry.path).replace(/\/+$/, '')}/` : '';
  const publicPath = str(manifest.metaData.publicPath);
  const base = publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl) : manifestUrl;
  return new URL(`${dir}${String(entry.name)}`, base).href;
}
