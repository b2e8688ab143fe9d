/**
 * A team's pipeline: `npm run ci -w mf-player` (and every remote, the shell and the API).
 *
 *   release cadence → lint → typecheck → unit tests → surface check → build → gate + browser journeys
 *
 * Each step is the command `npm test` runs for the whole repository, narrowed to the workspace:
 * its lint zone, its typecheck, its jest project(s), its public-surface report, and the
 * Playwright project of its journeys (e2e/playwright.config.ts, TEAM_SPECS) whose first spec
 * runs the compatibility gate on its fresh build (e2e/tests/gate.spec.ts; STAGING_DOCUMENT=<file>
 * gates against a real environment document instead of the one the run starts).
 *
 *   tsx delivery/src/team-ci.ts <workspace>
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { readRegistry, type RegistrySource } from '@streamflix/tools/remotes';

const ROOT = path.resolve(__dirname, '../..');

interface Team {
  /** jest projects (displayName) of the workspace. */
  jest: string[];
  /** Its public-surface report (`npm run surface -- --check --workspace`); the shell checks all. */
  surface?: string;
  /** The remotes its gate step checks. */
  remotes: string[];
  /** The browser specs (e2e/tests/<name>.spec.ts) whose journeys touch it. */
  specs: string[];
  /** axe on the screens whose test titles match (e2e/tests/accessibility.spec.ts), if any. */
  a11y?: string;
}

/**
 * The browser specs (e2e/tests/<name>.spec.ts) whose journeys touch each team's remotes, by team
 * (remotes.json's `team`). A team not listed yet runs the gate and its screens' accessibility.
 */
const TEAM_SPECS: Record<string, string[]> = {
  catalog: ['browse-and-discover', 'guest-country', 'play-intent'],
  player: [
    'watch',
    'player-features',
    'player-parts',
    'play-intent',
    'keyboard',
    'playback-quality',
    'stream-access',
    'early-playback',
  ],
  account: ['account', 'your-data', 'routing-and-session', 'kids-profile-trust'],
  checkout: ['subscribe-and-pay'],
};

/**
 * Every team's pipeline, in one place: one per remote of the registry (remotes.json), the shell's
 * and the API's. The runner below and e2e/playwright.config.ts (which defines a team's Playwright
 * projects from it when TEAM_CI is set) both read it.
 */
export function teamPipelines(registry?: RegistrySource): Record<string, Team> {
  const remotes = readRegistry(registry);
  const all = remotes.map((r) => r.name);
  const pipelines: Record<string, Team> = {};
  for (const r of remotes)
    pipelines[r.dir] = {
      jest: [r.dir],
      surface: r.dir,
      remotes: [r.name],
      specs: TEAM_SPECS[r.team] ?? [],
      a11y: `· ${r.name}$`,
    };
  return {
    ...pipelines,
    shell: {
      jest: ['shell', 'shared', 'composition', 'delivery', 'tools'],
      remotes: all,
      specs: [
        'routing-and-session',
        'kids-profile-trust',
        'remote-outage',
        'delivery',
        'release-compat',
        'install-app',
        'analytics-consent',
        'help-chat',
        'push-notifications',
        'keyboard',
        'instance-failure',
        'live-environment',
        'progressive-delivery',
        'preview-and-open-tabs',
        'title-pages',
        'boot-loading-screen',
        'early-playback',
      ],
      // The shell's chrome (header, banners, skip link) on the landing and home, both widths.
      a11y: ' / · \\w+$',
    },
    api: {
      jest: ['api', 'api-pg'],
      surface: 'api',
      remotes: all,
      specs: [
        'browse-and-discover',
        'watch',
        'account',
        'your-data',
        'kids-profile-trust',
        'subscribe-and-pay',
        'push-notifications',
        'playback-quality',
        'instance-failure',
        'stream-access',
      ],
    },
  };
}

export const TEAMS: Record<string, Team> = teamPipelines();

export interface Step {
  name: string;
  command: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

export function stepsFor(workspace: string): Step[] {
  const team = TEAMS[workspace];
  if (!team)
    throw new Error(`"${workspace}" has no pipeline; one of ${Object.keys(TEAMS).join(', ')}`);
  return [
    // Main may not run more than CHANGESET_MAX_AGE_DAYS (7) ahead of a release (release-cadence.ts).
    { name: 'release cadence', command: [bin('tsx'), 'delivery/src/release-cadence.ts'] },
    { name: 'lint', command: [bin('eslint'), workspace] },
    { name: 'typecheck', command: ['npm', 'run', 'typecheck', '-w', workspace] },
    {
      name: 'unit tests',
      command: [bin('jest'), '--selectProjects', ...team.jest],
    },
    {
      name: 'surface check',
      command: [
        bin('tsx'),
        'delivery/src/surface/cli.ts',
        '--check',
        ...(team.surface ? ['--workspace', team.surface] : []),
      ],
    },
    // Every app: the journeys compose all of them (rspack builds the five in about 15 s).
    { name: 'build', command: ['npm', 'run', 'build'] },
    {
      name: 'gate + browser journeys',
      command: [bin('playwright'), 'test', `--project=${workspace}`, `--project=${workspace}-a11y`],
      cwd: path.join(ROOT, 'e2e'),
      env: { TEAM_CI: workspace, TEAM_REMOTES: team.remotes.join(',') },
    },
  ];
}

function run(workspace: string) {
  const results: { name: string; seconds: number; ok: boolean }[] = [];
  const started = Date.now();
  for (const step of stepsFor(workspace)) {
    console.log(
      `\n▶ ${workspace}: ${step.name} — ${step.command.map((c) => path.basename(c)).join(' ')}`,
    );
    const t = Date.now();
    const res = spawnSync(step.command[0]!, step.command.slice(1), {
      cwd: step.cwd ?? ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...step.env },
    });
    const ok = res.status === 0;
    results.push({ name: step.name, seconds: (Date.now() - t) / 1000, ok });
    if (!ok) break;
  }
  console.log(`\n${workspace} pipeline:`);
  for (const r of results)
    console.log(`  ${r.ok ? '✓' : '✗'} ${r.name.padEnd(26)} ${r.seconds.toFixed(1).padStart(6)} s`);
  const total = (Date.now() - started) / 1000;
  const failed = results.find((r) => !r.ok);
  console.log(
    `  ${failed ? `failed at "${failed.name}"` : 'passed'} in ${(total / 60).toFixed(1)} min`,
  );
  if (failed) process.exitCode = 1;
}

if (require.main === module) {
  const workspace = process.argv[2];
  if (!workspace) {
    console.error(`usage: team-ci.ts <${Object.keys(TEAMS).join('|')}>`);
    process.exit(2);
  }
  run(workspace);
}
