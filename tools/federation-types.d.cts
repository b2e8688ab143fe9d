/** Declarations of a remote's exposes into outDir (`<Expose>.d.ts`, files.json); the file list. */
export declare function emitExposeTypes(remoteDir: string, outDir: string): string[];
/** @streamflix/shared's declarations into outDir (`index.d.ts`, one per sub-entry, files.json). */
export declare function emitSharedTypes(outDir: string): string[];
/** The types folder a manifest names (`metaData.types`), fetched into outDir; the file list. */
export declare function fetchTypes(manifestUrl: string, outDir: string): Promise<string[]>;
export declare function exposeName(file: string): string;
