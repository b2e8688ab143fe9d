/** The checkout's commit (`<sha>` or `<sha>-dirty`), or '' outside a git checkout. */
export declare function gitCommit(cwd: string): string;
