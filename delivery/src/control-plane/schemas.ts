/**
 * The control plane's HTTP contract. The routes validate with these schemas and @fastify/swagger turns
 * them into the OpenAPI document checked in beside them (openapi.json); the tests check every answer
 * against that document. A `title` names a schema in the document.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { AnalysisSpec } from './signals/analysis-spec';

const Nullable = <T extends TSchema>(schema: T, options: { description?: string } = {}) =>
  Type.Union([schema, Type.Null()], options);

export const HttpUrl = (description: string) =>
  Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2000, description });

export const EnvironmentName = Type.String({
  pattern: '^[a-z][a-z0-9-]{0,62}$',
  description: 'An environment: local, staging, production, pr-123…',
});
export const RemoteName = Type.String({
  pattern: '^[A-Za-z_$][\\w$]{0,62}$',
  description: 'A remote as remotes.json names it (its federation name, a JS identifier).',
});
/** The path parameters of an environment's routes and of one remote's in it. */
export const EnvironmentParams = Type.Object({ environment: EnvironmentName });
export const EnvironmentRemoteParams = Type.Object({
  environment: EnvironmentName,
  remote: RemoteName,
});
export const Integrity = Type.String({
  pattern: '^sha384-[A-Za-z0-9+/]{64}$',
  description: 'SHA-384 of the remote entry (`sha384-<base64>`).',
});
const Mount = Type.Union([Type.Literal('federated'), Type.Literal('isolated')], {
  description:
    "'federated' (default): in the shell's React tree; 'isolated': through the remote's single-spa lifecycles.",
});

const entryFields = {
  manifest: HttpUrl("The remote's mf-manifest.json."),
  version: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'The version (or semver range) the environment expects.',
  }),
  mount: Type.Optional(Mount),
  integrity: Type.Optional(Integrity),
};

export const FallbackEntry = Type.Object(entryFields, {
  additionalProperties: false,
  title: 'FallbackEntry',
  description: 'The last known-good entry, used when the current one fails the gate at run time.',
});

export const CanaryPercent = Type.Integer({
  minimum: 1,
  maximum: 99,
  description:
    'The share of viewers (by sticky bucket) served the canary entry; 100 is a promotion, not a canary.',
});

export const Canary = Type.Object(
  {
    entry: Type.Object(entryFields, {
      additionalProperties: false,
      description:
        'The new version, served to `percent` of viewers (the stable entry is the rest).',
    }),
    percent: CanaryPercent,
    startedAt: Type.String({ format: 'date-time', description: 'When this canary began.' }),
    analysis: Type.Optional(AnalysisSpec),
  },
  {
    additionalProperties: false,
    title: 'Canary',
    description:
      "A version on trial: the shell's host serves it to viewers whose bucket (flagd `fractional`, seeded " +
      'per remote) falls under `percent`; raising the percent keeps every viewer already in the canary.',
  },
);
export type Canary = Static<typeof Canary>;

export const RemoteEntry = Type.Object(
  { ...entryFields, fallback: Type.Optional(FallbackEntry), canary: Type.Optional(Canary) },
  {
    additionalProperties: false,
    title: 'RemoteEntry',
    description: "One remote's place in an environment (shell/composition/<env>.json's remotes).",
  },
);
export type RemoteEntry = Static<typeof RemoteEntry>;

/**
 * The composition document, described structurally (the shell's loader validates it in full). Fields the
 * control plane does not interpret (services, overrides, store…) are kept as they are.
 */
export const CompositionDocument = Type.Object(
  {
    environment: Type.String(),
    api: Type.String(),
    remotes: Type.Record(Type.String(), RemoteEntry),
    shell: Type.Optional(Type.String()),
    store: Type.Optional(Type.String()),
    overrides: Type.Optional(
      Type.Object({ allowedOrigins: Type.Array(Type.String()) }, { additionalProperties: true }),
    ),
    services: Type.Object({}, { additionalProperties: true }),
  },
  {
    additionalProperties: true,
    title: 'CompositionDocument',
    description: 'Which remote runs where in one environment: what the shell loads.',
  },
);
export type CompositionDocument = Static<typeof CompositionDocument>;

export const EnvironmentView = Type.Object(
  {
    environment: EnvironmentName,
    revision: Type.Integer({
      minimum: 1,
      description: 'Changes with every edit; a write names the revision it read.',
    }),
    updatedAt: Type.String({ format: 'date-time' }),
    document: CompositionDocument,
  },
  { title: 'EnvironmentView' },
);
export type EnvironmentView = Static<typeof EnvironmentView>;

export const EditedEnvironment = Type.Object(
  {
    ...EnvironmentView.properties,
    auditId: Type.Integer({ description: 'The audit row written with this edit.' }),
  },
  { title: 'EditedEnvironment' },
);

export const EnvironmentList = Type.Object(
  {
    items: Type.Array(
      Type.Object({
        environment: EnvironmentName,
        revision: Type.Integer({ minimum: 1 }),
        updatedAt: Type.String({ format: 'date-time' }),
      }),
    ),
  },
  { title: 'EnvironmentList' },
);

export const RevisionView = Type.Object(
  {
    environment: EnvironmentName,
    revision: Type.Integer({ minimum: 1 }),
    at: Type.String({ format: 'date-time' }),
    document: CompositionDocument,
  },
  { title: 'RevisionView', description: 'The document as one revision left it.' },
);

const GateReport = Type.Object(
  {},
  {
    additionalProperties: true,
    title: 'GateReport',
    description:
      "The compatibility gate's report as the client ran it (kept in the audit as sent; the control plane does not judge it).",
  },
);

const editFields = {
  ifRevision: Type.Integer({
    minimum: 1,
    description: 'The revision this edit was computed from: a stale one is refused with 409.',
  }),
  gate: Type.Optional(GateReport),
  ciRun: Type.Optional(HttpUrl('The CI run that made the edit, for the audit.')),
};

export const PutRemoteBody = Type.Object(
  {
    ...editFields,
    entry: RemoteEntry,
    action: Type.Optional(
      Type.Union([Type.Literal('set'), Type.Literal('rollback')], {
        description: "What the edit is, for the audit ('set' unless told).",
      }),
    ),
  },
  { additionalProperties: false, title: 'PutRemoteBody' },
);
export type PutRemoteBody = Static<typeof PutRemoteBody>;

export const PatchRemoteBody = Type.Object(
  {
    ...editFields,
    changes: Type.Object(
      {
        manifest: Type.Optional(entryFields.manifest),
        version: Type.Optional(entryFields.version),
        mount: Type.Optional(Mount),
        integrity: Type.Optional(Nullable(Integrity)),
        fallback: Type.Optional(Nullable(FallbackEntry)),
      },
      {
        additionalProperties: false,
        minProperties: 1,
        description: 'The fields to change; null removes integrity or fallback.',
      },
    ),
  },
  { additionalProperties: false, title: 'PatchRemoteBody' },
);
export type PatchRemoteBody = Static<typeof PatchRemoteBody>;

export const AuditAction = Type.Union(
  [
    Type.Literal('set'),
    Type.Literal('rollback'),
    Type.Literal('patch'),
    Type.Literal('deploy'),
    Type.Literal('canary'),
    Type.Literal('promote'),
    Type.Literal('abort'),
    Type.Literal('preview'),
  ],
  {
    description:
      '\'deploy\': a build uploaded to the store (its environment is "": a build is in no environment until composed). ' +
      "'canary': a version put on trial for a share of viewers; 'promote': its share raised (at 100 it becomes the " +
      "stable entry); 'abort': everyone back on the stable entry; 'preview': a signed preview link made (it " +
      'changes no document: its build is composed only for whoever opens the link).',
  },
);
export type AuditAction = Static<typeof AuditAction>;
export const AuditOutcome = Type.Union([Type.Literal('applied'), Type.Literal('refused')]);
export type AuditOutcome = Static<typeof AuditOutcome>;

export const AuditRow = Type.Object(
  {
    id: Type.Integer(),
    at: Type.String({ format: 'date-time' }),
    environment: Type.String(),
    remote: Type.String(),
    action: AuditAction,
    outcome: AuditOutcome,
    team: Nullable(
      Type.String({ description: "The token's team (null for an environment owner)." }),
    ),
    environmentOwner: Nullable(
      Type.String({ description: 'The environment an environment-owner token owns.' }),
    ),
    tokenId: Type.String(),
    fromVersion: Nullable(Type.String()),
    toVersion: Nullable(Type.String()),
    from: Nullable(RemoteEntry),
    to: Nullable(RemoteEntry),
    revision: Type.Integer({
      description: 'Applied: the revision the edit made. Refused: the revision it was refused at.',
    }),
    gate: Nullable(GateReport),
    ciRun: Nullable(Type.String()),
    message: Nullable(Type.String({ description: 'Why a refused edit was refused.' })),
  },
  { title: 'AuditRow', description: 'One edit or refused edit. Rows are never changed.' },
);
export type AuditRow = Static<typeof AuditRow>;

export const AuditPage = Type.Object(
  {
    items: Type.Array(AuditRow, { description: 'Newest first.' }),
    nextBefore: Nullable(
      Type.Integer({ description: 'Pass as `before` for the next (older) page; null at the end.' }),
    ),
  },
  { title: 'AuditPage' },
);

export const AuditQuery = Type.Object(
  {
    environment: Type.Optional(EnvironmentName),
    remote: Type.Optional(RemoteName),
    team: Type.Optional(Type.String({ maxLength: 100 })),
    outcome: Type.Optional(AuditOutcome),
    action: Type.Optional(AuditAction),
    before: Type.Optional(Type.Integer({ minimum: 1, description: 'Rows older than this id.' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

export const RollbackBody = Type.Object(
  {
    ifRevision: editFields.ifRevision,
    ciRun: editFields.ciRun,
  },
  { additionalProperties: false, title: 'RollbackBody' },
);

export const CanaryBody = Type.Object(
  {
    ...editFields,
    entry: Canary.properties.entry,
    percent: CanaryPercent,
    analysis: Type.Optional(AnalysisSpec),
  },
  { additionalProperties: false, title: 'CanaryBody' },
);
export type CanaryBody = Static<typeof CanaryBody>;

export const PromoteBody = Type.Object(
  {
    ifRevision: editFields.ifRevision,
    ciRun: editFields.ciRun,
    percent: Type.Integer({
      minimum: 2,
      maximum: 100,
      description: "The new share; only raises. 100 makes the canary's entry the stable one.",
    }),
  },
  { additionalProperties: false, title: 'PromoteBody' },
);
export type PromoteBody = Static<typeof PromoteBody>;

export const RemoteStatus = Type.Object(
  {
    remote: RemoteName,
    team: Nullable(Type.String({ description: 'The owning team (remotes.json).' })),
    entry: Nullable(RemoteEntry),
    lastMove: Nullable(AuditRow, {
      description:
        'The last applied edit of this remote here: who moved it, when, from which version, and the gate it passed.',
    }),
    rollbackTo: Nullable(RemoteEntry, {
      description:
        'What a rollback would restore (the entry the last set to the current manifest replaced), or null.',
    }),
  },
  { title: 'RemoteStatus' },
);

export const EnvironmentRemotes = Type.Object(
  {
    environment: EnvironmentName,
    revision: Type.Integer({ minimum: 1, description: 'The revision a rollback names.' }),
    updatedAt: Type.String({ format: 'date-time' }),
    items: Type.Array(RemoteStatus, {
      description: "The registry's remotes (in its order), then any other the document lists.",
    }),
  },
  { title: 'EnvironmentRemotes' },
);

export const Session = Type.Object(
  {
    tokenId: Type.String(),
    team: Nullable(Type.String()),
    environmentOwner: Nullable(Type.String()),
    expiresAt: Type.String({ format: 'date-time' }),
  },
  { title: 'Session', description: 'Who the presented token speaks for.' },
);

export const Health = Type.Object(
  {
    status: Type.Literal('ok'),
    database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  },
  { title: 'Health' },
);

export const Problem = Type.Object(
  {
    error: Type.String({ description: 'A stable code: stale-revision, forbidden, not-found…' }),
    message: Type.String({ description: 'What went wrong, for the person running the pipeline.' }),
    currentRevision: Type.Optional(
      Type.Integer({ description: '409: the revision to re-read and re-gate from.' }),
    ),
    owner: Type.Optional(Type.String({ description: '403: the team that owns the remote.' })),
  },
  { title: 'Problem', description: 'Every failure (HTTP 4xx/5xx).' },
);
export type Problem = Static<typeof Problem>;

/** A route's answers: the success body and the problem body for every failure. */
export const answers = <T extends TSchema>(body: T) =>
  ({ 200: body, '4xx': Problem, '5xx': Problem }) as const;

export type EnvironmentRemotes = Static<typeof EnvironmentRemotes>;
export type RemoteStatus = Static<typeof RemoteStatus>;
export type Session = Static<typeof Session>;
