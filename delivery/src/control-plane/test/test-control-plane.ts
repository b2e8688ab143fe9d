import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildControlPlane, type ControlPlaneOptions } from '../app';
import { parseRegistry } from '../registry';
import type { CompositionDocument } from '../schemas';
import { ContractChecker } from './contract-checker';
import { createTestDatabase } from './test-database';

/** The registry the tests run on: the repository's shape, spelled out so a test names its teams. */
export const TEST_REGISTRY = parseRegistry({
  remotes: [
    { name: 'mf_catalog', team: 'catalog' },
    { name: 'mf_player', team: 'player' },
    { name: 'mf_account', team: 'account' },
    { name: 'mf_checkout', team: 'checkout' },
  ],
});

const entry = (dir: string, version: string) => ({
  manifest: `https://cdn.example.test/${dir}/${version}/mf-manifest.json`,
  version,
});

export const seedDocument = (environment: string): CompositionDocument => ({
  environment,
  api: `https://api.${environment}.example.test`,
  store: 'https://cdn.example.test',
  remotes: {
    mf_catalog: entry('mf-catalog', '1.0.0'),
    mf_player: entry('mf-player', '1.0.0'),
    mf_account: entry('mf-account', '1.0.0'),
    mf_checkout: { ...entry('mf-checkout', '1.0.0'), mount: 'isolated' },
  },
  services: { analyticsId: 'G-TEST' },
});

let checker: ContractChecker | undefined;
const violations: string[] = [];

/** Every injected request's answer is checked against the checked-in OpenAPI document. */
function checked(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app);
  app.inject = ((opts: InjectOptions) =>
    (inject(opts) as Promise<LightMyRequestResponse>).then((res) => {
      checker ??= ContractChecker.fromCheckedInDocument();
      const problem = checker.check({
        method: opts.method ?? 'GET',
        url: String(opts.url ?? ''),
        statusCode: res.statusCode,
        headers: res.headers,
        body: res.body,
      });
      if (problem) violations.push(problem);
      return res;
    })) as FastifyInstance['inject'];
  return app;
}

afterEach(() => {
  const found = violations.splice(0);
  if (found.length)
    throw new Error(
      `The control plane answered outside its OpenAPI document (delivery/src/control-plane/openapi.json):\n- ${found.join('\n- ')}`,
    );
});

/**
 * A control plane on an empty database of its own (SQLite in memory; PostgreSQL in the delivery-pg
 * project), seeded with staging and production; closing it drops the database.
 */
export async function buildTestControlPlane(
  options: Partial<ControlPlaneOptions> = {},
): Promise<FastifyInstance> {
  const database = await createTestDatabase();
  const app = await buildControlPlane({
    registry: TEST_REGISTRY,
    seeds: [seedDocument('staging'), seedDocument('production')],
    ...database.options,
    ...options,
  });
  app.addHook('onClose', () => database.drop());
  return checked(app);
}

/** A checked app over a database someone else created (several instances on one PostgreSQL). */
export async function buildCheckedControlPlane(options: ControlPlaneOptions) {
  return checked(await buildControlPlane({ registry: TEST_REGISTRY, ...options }));
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
