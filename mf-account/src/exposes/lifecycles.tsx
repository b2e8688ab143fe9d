import { isolatedApp } from '../isolated-app';

/**
 * single-spa lifecycles: mount a screen of mf-account in its own React root, for
 * hosts whose shared ranges cannot satisfy this remote.
 */
export const { bootstrap, mount, unmount } = isolatedApp.createLifecycles();
