/**
 * `npm run delivery -- token create --team <team> [--ttl-days N]`
 * `npm run delivery -- token create --env-owner <environment> [--ttl-days N]`
 * `npm run delivery -- token list`
 * `npm run delivery -- token revoke <id>`
 * `npm run delivery -- keys list`     the keys preview links are signed with (published at GET /v1/keys)
 * `npm run delivery -- keys rotate`   a new signing key; links signed before stay valid until they expire
 *
 * Administers the control plane's tokens on its database directly (the same CONTROL_PLANE_DATABASE_URL /
 * CONTROL_PLANE_DATA_DIR as the server, or --database-url / --data-dir): issuing the first token cannot
 * need a token. A new token is printed once, on stdout alone, so it can be piped into a secret store.
 */
import { parseArgs } from 'node:util';
import { databaseOptions } from './config';
import { openDatabase } from './database';
import { readRegistry, type RemoteRegistry } from './registry';
import { TokenError, TokenStore, type TokenInfo } from './tokens';
import { PreviewKeys } from './preview-keys';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  registry?: RemoteRegistry;
}

const USAGE = `Usage:
  npm run delivery -- token create --team <team> [--ttl-days N]
  npm run delivery -- token create --env-owner <environment> [--ttl-days N]
  npm run delivery -- token list
  npm run delivery -- token revoke <token id>
  npm run delivery -- keys list | keys rotate   (the keys preview links are signed with)
Options: --database-url postgres://… | --data-dir <folder> (else CONTROL_PLANE_DATABASE_URL / CONTROL_PLANE_DATA_DIR).`;

class UsageError extends Error {}

/** Runs one command; resolves to the exit code. */
export async function runDeliveryCli(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        team: { type: 'string' },
        'env-owner': { type: 'string' },
        'ttl-days': { type: 'string' },
        'database-url': { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    io.err(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const [group, command, ...rest] = positionals;
  if ((group !== 'token' && group !== 'keys') || !command) {
    io.err(USAGE);
    return 2;
  }
  let database;
  try {
    database = await openDatabase(
      databaseOptions(io.env, { databaseUrl: values['database-url'], dataDir: values['data-dir'] }),
    );
  } catch (err) {
    io.err(`The control plane's database could not be opened: ${(err as Error).message}`);
    return 1;
  }
  try {
    if (group === 'keys') return await keysCommand(new PreviewKeys(database.db), command, rest, io);
    const tokens = new TokenStore(database.db, io.registry ?? readRegistry());
    switch (command) {
      case 'create': {
        const team = values.team;
        const envOwner = values['env-owner'];
        if (Boolean(team) === Boolean(envOwner) || rest.length)
          throw new UsageError('token create takes exactly one of --team and --env-owner.');
        const ttl = values['ttl-days'];
        if (ttl !== undefined && !/^\d+$/.test(ttl))
          throw new UsageError(`--ttl-days must be a whole number of days (got "${ttl}").`);
        const { token, info } = await tokens.create(
          team ? { team } : { environmentOwner: envOwner! },
          ttl === undefined ? undefined : Number(ttl),
        );
        io.out(token);
        io.err(
          `Created ${info.tokenId} for ${scopeOf(info)}, valid until ${info.expiresAt}. ` +
            'It is shown only this once: store it as the pipeline secret DELIVERY_TOKEN.',
        );
        return 0;
      }
      case 'list': {
        if (rest.length) throw new UsageError('token list takes no arguments.');
        const all = await tokens.list();
        if (!all.length) {
          io.out('No tokens yet (`npm run delivery -- token create --team <team>`).');
          return 0;
        }
        io.out(['id', 'scope', 'status', 'created', 'expires'].join('\t'));
        for (const t of all)
          io.out([t.tokenId, scopeOf(t), t.status, t.createdAt, t.expiresAt].join('\t'));
        return 0;
      }
      case 'revoke': {
        if (rest.length !== 1) throw new UsageError('token revoke takes one token id.');
        const info = await tokens.revoke(rest[0]!);
        io.out(`Revoked ${info.tokenId} (${scopeOf(info)}) at ${info.revokedAt}.`);
        return 0;
      }
      default:
        throw new UsageError(`Unknown command "token ${command}".`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${err.message}\n${USAGE}`);
      return 2;
    }
    if (err instanceof TokenError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

async function keysCommand(keys: PreviewKeys, command: string, rest: string[], io: CliIo) {
  if (rest.length) throw new UsageError(`keys ${command} takes no arguments.`);
  if (command === 'rotate') {
    const kid = await keys.rotate();
    io.out(
      `Preview links are now signed with ${kid}; links signed before stay valid until they expire ` +
        '(shell hosts fetch the new key within 5 minutes, or at the first link that names it).',
    );
    return 0;
  }
  if (command !== 'list') throw new UsageError(`Unknown command "keys ${command}".`);
  await keys.signing();
  io.out(['kid', 'created', 'retired'].join('\t'));
  for (const k of await keys.published())
    io.out([k.kid, k.createdAt, k.retiredAt ?? '(signing)'].join('\t'));
  return 0;
}

const scopeOf = (t: TokenInfo) =>
  t.team ? `team ${t.team}` : `owner of environment ${t.environmentOwner}`;

if (require.main === module) {
  runDeliveryCli(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    env: process.env,
  }).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
