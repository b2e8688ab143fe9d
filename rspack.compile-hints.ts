import { rspack } from '@rspack/core';

/**
 * V8's explicit compile hint (Chrome 136 and later): a script whose first line is this comment has
 * every function compiled while it streams in, on a background thread, instead of each one on the
 * main thread the first time it is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The scripts that run most of their code the moment they arrive (issue 36): the shell's entry
 * (the federation runtime's start), its bootstrap and its HTTP client (axios, evaluated whole after
 * the first screen), each remote's entry, and the player's early engine (hls.js and its start).
 * Compiling their functions lazily cost the page's main thread more than running them did: the
 * shell's entry was a 28 ms task (10 ms of it compiling, the rest waiting for a CPU between
 * compilations), 113 ms in Lighthouse's phone model; with the hint, 10 ms. The bootstrap's tasks
 * went from 31 to 15 ms a load, the HTTP client's from 6.6 to 2.6 ms. A script that runs only a
 * part of its code at start keeps lazy compilation: react-dom gained little (161 → 143 ms over
 * its 23 tasks, the longest no shorter), a screen's chunk would compile what never runs.
 */
export const COMPILE_HINT_FILES =
  /^((main|bootstrap|http-client)\.[0-9a-f]+|remoteEntry|early-engine)\.js$/;

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
