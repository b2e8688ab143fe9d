export interface Remote {
  /** Federation name, a JS identifier: `mf_catalog`. */
  name: string;
  /** The remote's folder and workspace: `mf-catalog`. */
  dir: string;
  /** Its dev port under `npm start`. */
  port: number;
  /** The environment variable that moves that port: `CATALOG_PORT`. */
  portEnv: string;
  /** The owning team, named after its journey: `catalog`. */
  team: string;
  /** A short name for messages: `catalogue`. */
  label: string;
}
/** A path to a registry file, its parsed object, or its list of remotes. */
export type RegistrySource = string | { remotes: readonly Remote[] } | readonly Remote[];

export declare const REGISTRY_FILE: string;
export declare const REMOTES_MODULE: string;
export declare function readRegistry(source?: RegistrySource): readonly Remote[];
export declare function productApps(
  env?: Record<string, string | undefined>,
  source?: RegistrySource,
): { apps: { name: string; dir: string }[]; ports: Record<string, number> };
export declare function portsAfter(
  shellPort: number,
  source?: RegistrySource,
): { remotes: Remote[]; env: Record<string, string> };
export declare function jestProjects(source?: RegistrySource): string[];
export declare function lintApps(source?: RegistrySource): string[];
export declare function remotesModuleSource(source?: RegistrySource): string;
