import { Type, type Static } from 'typebox';
import { Id } from '../../../lib/common-schemas';

export const HealthStatus = Type.Object(
  {
    status: Type.Literal('ok'),
    uptimeSeconds: Type.Integer({ description: 'Seconds since this process started.' }),
    version: Type.String({ description: "The API build's version (api/package.json)." }),
    contract: Type.String({ description: 'The version of this contract the API serves.' }),
  },
  { title: 'HealthStatus' },
);

const ReadyCheck = Type.Object({
  ok: Type.Boolean(),
  detail: Type.String({ description: 'What was found, for a person reading the probe.' }),
});

export const Readiness = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
    checks: Type.Object({
      database: ReadyCheck,
      migrations: ReadyCheck,
      media: ReadyCheck,
    }),
    notReady: Type.Array(Type.String(), { description: 'The checks that failed, by name.' }),
  },
  { title: 'Readiness' },
);
export type Readiness = Static<typeof Readiness>;
export type ReadyCheck = Static<typeof ReadyCheck>;

/** 503 from the readiness probe: the error envelope plus what is not ready. */
export const NotReadyEnvelope = Type.Object({
  status: Type.Literal(false),
  message: Type.String(),
  data: Readiness,
});

/** Frame heights up to 8K; 0 when the player cannot tell (native HLS does not say). */
const Height = Type.Integer({
  minimum: 0,
  maximum: 4320,
  description: 'Height in pixels of the rendition playing; 0 when unknown.',
});
/** Closed objects: a report with a field the API does not know is refused, not trimmed. */
const closed = { additionalProperties: Type.Never() };

export const PlayerErrorKind = Type.Union(
  [
    Type.Literal('decode'),
    Type.Literal('unsupported'),
    Type.Literal('missing'),
    Type.Literal('network'),
    Type.Literal('other'),
  ],
  { description: "The player's problem kinds (StreamProblem in mf-player)." },
);

export const PlaybackReport = Type.Object(
  {
    titleId: Id,
    startup: Type.Optional(
      Type.Object(
        {
          seconds: Type.Number({ minimum: 0, maximum: 600 }),
          height: Height,
        },
        { ...closed, description: 'Play pressed to first frame, once per playback.' },
      ),
    ),
    stalls: Type.Optional(
      Type.Array(
        Type.Object(
          { seconds: Type.Number({ minimum: 0, maximum: 3600 }), height: Height },
          closed,
        ),
        { maxItems: 20, description: 'Rebuffering after the first frame (seeks excluded).' },
      ),
    ),
    switches: Type.Optional(
      Type.Array(Type.Object({ fromHeight: Height, toHeight: Height }, closed), {
        maxItems: 50,
        description: 'Rendition changes after the first one.',
      }),
    ),
    errors: Type.Optional(
      Type.Array(
        Type.Object(
          {
            kind: PlayerErrorKind,
            fatal: Type.Boolean({
              description: 'Playback stopped (false: the player retried or recovered by itself).',
            }),
            height: Height,
          },
          closed,
        ),
        { maxItems: 10 },
      ),
    ),
    watched: Type.Optional(
      Type.Array(
        Type.Object(
          { seconds: Type.Number({ minimum: 0, maximum: 86400 }), height: Height },
          closed,
        ),
        { maxItems: 10, description: 'Seconds played since the last report, per rendition.' },
      ),
    ),
  },
  {
    ...closed,
    title: 'PlaybackReport',
    description:
      "The web player's quality of experience since its last report. Aggregated into metrics, never stored.",
  },
);
export type PlaybackReport = Static<typeof PlaybackReport>;

export const PlaybackReportResult = Type.Object({
  recorded: Type.Integer({ description: 'Samples added to the metrics.' }),
});
