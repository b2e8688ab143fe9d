/** The control plane's contract for builds: uploading a remote's version and listing what is published. */
import { Type, type Static } from 'typebox';
import { HttpUrl, Integrity, RemoteName } from './schemas';

export const VersionName = Type.String({
  pattern: '^\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.-]+)?$',
  maxLength: 100,
  description: 'A released version (1.4.0) or a pre-release (1.5.0-pr.42).',
});

export const BuildFileUpload = Type.Object(
  {
    path: Type.String({
      minLength: 1,
      maxLength: 500,
      description:
        'The path inside the version, forward slashes (`mf-manifest.json`, `static/a.1f2e3d4c.js`).',
    }),
    content: Type.String({ contentEncoding: 'base64', description: "The file's bytes, base64." }),
  },
  { additionalProperties: false },
);

export const DeployBody = Type.Object(
  {
    files: Type.Array(BuildFileUpload, {
      minItems: 1,
      maxItems: 10000,
      description:
        'Every file of the build as `npm run deploy` stamps it: mf-manifest.json and deployment.json ' +
        '(remote, version, commit, builtAt, contractVersion, remoteEntry, integrity) included.',
    }),
    ciRun: Type.Optional(HttpUrl('The CI run that deployed, for the audit.')),
  },
  { additionalProperties: false, title: 'DeployBody' },
);
export type DeployBody = Static<typeof DeployBody>;

export const DeployedVersion = Type.Object(
  {
    remote: RemoteName,
    version: VersionName,
    manifest: HttpUrl(
      "Where browsers load the version's mf-manifest.json: an environment's `manifest`.",
    ),
    integrity: Integrity,
    remoteEntry: Type.String({ description: 'The remote entry, relative to the manifest.' }),
    commit: Type.String(),
    builtAt: Type.String({ format: 'date-time' }),
    contractVersion: Type.String({ description: 'The product API contract it was built against.' }),
  },
  { title: 'DeployedVersion', description: 'A published build of a remote, written once.' },
);

export const DeployResult = Type.Object(
  {
    ...DeployedVersion.properties,
    created: Type.Boolean({
      description:
        'false: these very bytes were already published (a re-run); nothing was written.',
    }),
    auditId: Type.Integer({ description: 'The audit row of this deploy.' }),
  },
  { title: 'DeployResult' },
);

export const VersionList = Type.Object(
  { items: Type.Array(DeployedVersion, { description: 'Newest build first.' }) },
  { title: 'VersionList' },
);
