/** The version `name` (at `version` in package.json) will be released as, with the pending changesets of `root`. */
export declare function pendingVersion(root: string, name: string, version: string): string;
