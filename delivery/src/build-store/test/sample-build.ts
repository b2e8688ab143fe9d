import { type BuildFile, type DeploymentRecord, sriOf } from '../build-store';

/**
 * The files `npm run deploy` stamps for one remote and version (a manifest, the remote entry, hashed
 * chunks, a map, the types archive, deployment.json with the entry's SHA-384), small and in memory.
 * `variant` changes the entry's bytes: "another build of the same version".
 */
export function sampleBuild(
  remote: string,
  version: string,
  variant = 'a',
): { files: BuildFile[]; record: DeploymentRecord } {
  const entry = Buffer.from(`var ${remote}; /* ${version} ${variant} */`);
  const record: DeploymentRecord = {
    remote,
    version,
    commit: '0123456789abcdef0123456789abcdef01234567',
    builtAt: '2026-11-27T10:00:00.000Z',
    contractVersion: '1.1.0',
    remoteEntry: 'remoteEntry.js',
    integrity: sriOf(entry),
  };
  const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  const files: BuildFile[] = [
    {
      path: 'mf-manifest.json',
      bytes: json({ name: remote, metaData: { buildInfo: { buildVersion: version } } }),
    },
    { path: 'remoteEntry.js', bytes: entry },
    { path: '121.a1ca40de.js', bytes: Buffer.from('chunk();') },
    { path: '121.a1ca40de.js.map', bytes: Buffer.from('{"version":3}') },
    { path: 'static/css/417.b1444617.css', bytes: Buffer.from('.a{color:red}') },
    { path: '@mf-types.zip', bytes: Buffer.from([0x50, 0x4b, 0x05, 0x06]) },
    { path: 'deployment.json', bytes: json(record) },
  ];
  return { files, record };
}
