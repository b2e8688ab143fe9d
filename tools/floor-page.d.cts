/** Bundles and serves the floor page (a minimal React 19 page) on a free port. */
export declare function startFloor(): Promise<{ url: string; close: () => void }>;
