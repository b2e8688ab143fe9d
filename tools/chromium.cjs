/**
 * How every script and the Playwright config start Debian's Chromium here: one
 * place, so a flag added for this machine (no GPU, no sandbox, nothing phoning
 * home to skew a measurement) reaches the e2e suite, the benches and the
 * screenshot tools alike. CHROMIUM_PATH points at another build.
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright `launch` options: the path and the flags, plus a caller's own flags. */
function chromiumLaunchOptions(extraArgs = []) {
  return { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...extraArgs] };
}

module.exports = { CHROMIUM_PATH, CHROMIUM_FLAGS, chromiumLaunchOptions };
