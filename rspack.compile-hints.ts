import { rspack } from '@rspack/core';

/**
 * V8's explicit compile hint (Chrome 136 and later): a script whose first line is this comment has
 * every function compiled while it streams in, on a background thread, instead of each one on the
 * main thread the first time it is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The scripts that run most of their code the moment they arrive (issue 36): the shell's entry
 * (the federation runtime's start), each remote's entry, and the player's early engine (hls.js
 * and its start). Compiling their functions lazily cost the page's main thread more than running
 * them did: the shell's entry was a 28 ms task (10 ms of it compiling, the rest waiting for a CPU
 * between compilations), 113 ms in Lighthouse's phone model; with the hint, 10 ms. A script that
 * runs only a part of its code at start (a screen's chunk, react-dom) keeps lazy compilation:
 * compiling what never runs would only take a phone's other cores and memory.
 */
export const COMPILE_HINT_FILES = /^(main\.[0-9a-f]+|remoteEntry|early-engine)\.js$/;

/**
 * The hint as the first line of `files`, added after minification (a minifier drops comments)
 * and before the content hash, the source map and the integrity a deploy records, so all three
 * describe the file as it is served.
 */
export function compileHints(files: RegExp = COMPILE_HINT_FILES) {
  return new rspack.BannerPlugin({
    banner: COMPILE_HINT,
    raw: true,
    test: files,
    stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}
