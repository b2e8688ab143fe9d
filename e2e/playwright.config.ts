import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '@streamflix/tools/chromium';
import { TEAMS } from '@streamflix/delivery/team-ci';
import { E2E } from './tests/support/env';

/**
 * Browser tests of the composed product in Debian's Chromium. One web server
 * command starts the API, the shell and the four remotes on their own ports
 * (shifted from the defaults so a running `npm start` is not disturbed).
 */
const desktop = { ...devices['Desktop Chrome'], channel: undefined };

/**
 * A team's browser journeys (`npm run ci -w <workspace>`, delivery/src/team-ci.ts, which lists
 * them): the gate on its builds, the specs that touch it, and axe on its own screens. Defined
 * only for a team run (TEAM_CI), so `npm test` runs every spec once, in `chromium`.
 */
const specs = (names: string[]) => new RegExp(`/(${names.join('|')})\\.spec\\.ts$`);
const team = process.env.TEAM_CI ? TEAMS[process.env.TEAM_CI] : undefined;
if (process.env.TEAM_CI && !team)
  throw new Error(
    `TEAM_CI=${process.env.TEAM_CI}: no such team (${Object.keys(TEAMS).join(', ')})`,
  );
const teamProjects = team
  ? [
      {
        name: process.env.TEAM_CI!,
        dependencies: ['setup'],
        testMatch: specs(['gate', ...team.specs]),
        use: desktop,
      },
      ...(team.a11y
        ? [
            {
              name: `${process.env.TEAM_CI}-a11y`,
              dependencies: ['setup'],
              testMatch: specs(['accessibility']),
              // Only the team's own screens (the spec's titles end with the remote's name).
              grep: new RegExp(team.a11y),
              use: desktop,
            },
          ]
        : []),
    ]
  : [];

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: E2E.shellUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(['--autoplay-policy=no-user-gesture-required']),
  },
  projects: [
    {
      name: 'setup',
      testMatch: /.*\.setup\.ts/,
      use: desktop,
    },
    {
      name: 'chromium',
      dependencies: ['setup'],
      use: desktop,
    },
    ...teamProjects,
  ],
  webServer: {
    command: `node ../shell/scripts/start.mjs --no-build --control-port ${E2E.controlPort}`,
    url: `${E2E.apiUrl}/v1/genres`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...E2E.portEnv,
      API_PORT: String(E2E.ports.api),
      // Its own control plane (and database, by shell port): the shell reads `local` from it.
      CONTROL_PLANE_PORT: String(E2E.controlPlanePort),
      DATA_DIR: E2E.dataDir,
      MEDIA_DIR: E2E.mediaDir,
      // The account journeys read reset codes from the API's local outbox (/v1/dev/outbox).
      DEV_ROUTES: '1',
      // Every journey registers its own accounts from this one address.
      PUBLIC_WRITE_LIMIT: '1000',
      // Guest help messages from this one address too, across runs that keep the database.
      GUEST_HELP_LIMIT: '1000',
      // Signed-in specs reuse the set-up's browser state for the whole run (over 15 min): an expired
      // access token would make each context refresh the same rotating token, and reuse detection
      // would rightly revoke them all. Refresh and reuse are tested on their own.
      ACCESS_TOKEN_TTL_SECONDS: '7200',
      // The delivery tests compose a second shell (staging-like) against the same API.
      CORS_ORIGINS: [
        E2E.shellUrl,
        `http://127.0.0.1:${E2E.ports.shell}`,
        `http://localhost:${E2E.stagingShellPort}`,
        `http://localhost:${E2E.previousShellPort}`,
        `http://localhost:${E2E.currentShellPort}`,
        `http://localhost:${E2E.breakingShellPort}`,
        `http://localhost:${E2E.liveShellPort}`,
        `http://localhost:${E2E.teamShellPort}`,
        `http://localhost:${E2E.previewShellPort}`,
        `http://localhost:${E2E.progressiveShellPort}`,
      ].join(','),
    },
  },
});
