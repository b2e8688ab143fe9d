import Hls from 'hls.js';
import { startEarlyPlayback, type EarlyEngine, type EarlyWatch } from './early-playback';

/**
 * The entry of `early-engine.js` (rspack.config.ts, a build of its own beside the remote): hls.js
 * as the player builds it and the early playback, as a plain script the host's HTML loads for a
 * `/watch/...` link before anything else of the app (early-playback.ts). No federation runtime,
 * no shared package: it must run before the shell has arrived.
 */
const g = globalThis as { __sfEarlyWatch?: EarlyWatch; __sfEarlyEngine?: EarlyEngine };
if (!g.__sfEarlyEngine) g.__sfEarlyEngine = startEarlyPlayback(Hls, g.__sfEarlyWatch);
