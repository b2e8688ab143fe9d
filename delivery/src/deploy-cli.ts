/**
 * `npm run deploy`: build one remote and publish it, immutably.
 *
 *   npm run deploy -- <remote> --to <store-dir> [--version <semver>]
 *     a folder store (deploy.ts), as on a developer's machine;
 *   DELIVERY_URL=… DELIVERY_TOKEN=… npm run deploy -- <remote> [--version <semver>] [--ci-run <url>]
 *     a team's pipeline: uploaded through the control plane into its store (deploy-upload.ts).
 */
import { deploy, DeployError } from './deploy';
import { deployThroughControlPlane } from './deploy-upload';

function main(argv: string[]) {
  const [remote, ...rest] = argv;
  const flag = (n: string) => {
    const i = rest.indexOf(n);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const { DELIVERY_URL: url, DELIVERY_TOKEN: token } = process.env;
  const through = Boolean(url && token);
  const store = flag('--to') ?? (through ? undefined : process.env.DEPLOY_STORE);
  if (!remote || (!store && !through)) {
    console.error(
      'usage: npm run deploy -- <remote> --to <store-dir> [--version <released version | x.y.z-pre.N>]\n' +
        '   or, with DELIVERY_URL and DELIVERY_TOKEN set: npm run deploy -- <remote> [--version …] [--ci-run <url>]',
    );
    process.exit(2);
  }
  const fail = (err: unknown) => {
    console.error(err instanceof DeployError ? `deploy: ${err.message}` : err);
    process.exit(1);
  };
  if (through && store)
    return fail(
      new DeployError(
        `--to ${store} and DELIVERY_URL (${url}) both name where to deploy: unset DELIVERY_URL to deploy to a folder, or drop --to.`,
      ),
    );
  if (through)
    return void deployThroughControlPlane({
      remote,
      version: flag('--version'),
      url: url!,
      token: token!,
      ciRun: flag('--ci-run') ?? process.env.DELIVERY_CI_RUN,
    }).catch(fail);
  try {
    deploy({ remote, store: store!, version: flag('--version') });
  } catch (err) {
    fail(err);
  }
}

main(process.argv.slice(2));
