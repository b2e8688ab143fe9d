/**
 * The world the compose tests gate in: a deployment store and an API, as URLs the CLI fetches
 * (a map of answers), and the staging document that points at them.
 */
import { sriOf } from '../deploy';
import type { ComposeContext } from '../compose';
import local from '../../../shell/composition/local.json';

export const STORE = 'http://store.test';
const PROVIDED = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  jotai: '2.20.3',
  '@tanstack/react-query': '5.108.0',
  '@streamflix/shared': '0.1.0',
};

export function manifestFor(remote: string, version: string, ranges: Record<string, string> = {}) {
  return {
    name: remote,
    metaData: {
      name: remote,
      buildInfo: { buildVersion: version, buildName: remote, contractVersion: '1.0.0' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
    },
    shared: Object.entries({ ...PROVIDED, ...ranges }).map(([name, v]) => ({
      name,
      version: v.replace(/^\^/, ''),
      requiredVersion: v.startsWith('^') ? v : `^${v}`,
      singleton: true,
    })),
    exposes: [{ name: 'Watch' }, { name: 'lifecycles' }],
  };
}

/** A deployment store and an API, as URLs the CLI fetches. */
export function world() {
  const files = new Map<string, string>();
  files.set('http://api.test/v1/openapi.json', JSON.stringify({ info: { version: '1.1.0' } }));
  files.set(`${STORE}/shell/mf-manifest.json`, JSON.stringify(manifestFor('shell', '0.1.0')));
  files.set(`${STORE}/shell/required-exposes.json`, JSON.stringify({ mf_player: ['Watch'] }));
  const put = (
    version: string,
    ranges?: Record<string, string>,
    entry = `entry ${version}`,
    remote = 'mf_player',
  ) => {
    const base = `${STORE}/${remote.replace(/_/g, '-')}/${version}`;
    files.set(`${base}/mf-manifest.json`, JSON.stringify(manifestFor(remote, version, ranges)));
    files.set(`${base}/remoteEntry.js`, entry);
    files.set(`${base}/deployment.json`, JSON.stringify({ integrity: sriOf(Buffer.from(entry)) }));
    return base;
  };
  const fetchImpl = ((url: string) => {
    const body = files.get(String(url));
    if (body === undefined) return Promise.resolve(new Response('missing', { status: 404 }));
    return Promise.resolve(new Response(body, { status: 200 }));
  }) as typeof fetch;
  const log: string[] = [];
  const ctx: ComposeContext = {
    fetch: fetchImpl,
    now: () => new Date('2026-11-23T10:00:00Z'),
    log: (l) => log.push(l),
  };
  return { files, put, ctx, log };
}

/** Staging as the tests compose it: its shell and builds in the store, its API at http://api.test. */
export const stagingDocument = () => ({
  ...local,
  environment: 'staging',
  api: 'http://api.test',
  store: STORE,
  shell: `${STORE}/shell/mf-manifest.json`,
});
