/** The HTTP contract of preview links and the keys that sign them (beside schemas.ts). */
import { Type, type Static } from 'typebox';
import { PREVIEW_MAX_TTL_SECONDS } from './preview-keys';
import { HttpUrl, RemoteName } from './schemas';

export const DEFAULT_PREVIEW_TTL_SECONDS = 2 * 3600;

export const PreviewBody = Type.Object(
  {
    remote: RemoteName,
    manifest: HttpUrl("The build's mf-manifest.json (a deployed version's, or a pull request's)."),
    version: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description:
          "The build's exact version: the shell's gate refuses a manifest of another. Omitted for a link " +
          'made from a manifest URL alone.',
      }),
    ),
    ttlSeconds: Type.Optional(
      Type.Integer({
        minimum: 60,
        maximum: PREVIEW_MAX_TTL_SECONDS,
        default: DEFAULT_PREVIEW_TTL_SECONDS,
        description: 'How long the link works: 2 h unless told, 24 h at most.',
      }),
    ),
  },
  { additionalProperties: false, title: 'PreviewBody' },
);
export type PreviewBody = Static<typeof PreviewBody>;

export const PreviewLink = Type.Object(
  {
    url: Type.String({
      format: 'uri',
      description: "The link: the environment's shell with `?preview=<token>`.",
    }),
    token: Type.String({ description: 'The signed token the link carries.' }),
    id: Type.String({ description: "The link's id (in the audit's message)." }),
    environment: Type.String(),
    remote: Type.String(),
    manifest: Type.String(),
    version: Type.String({ description: "The version the gate expects, or '*'." }),
    expiresAt: Type.String({ format: 'date-time' }),
    keyId: Type.String({ description: 'The key that signed it (GET /v1/keys).' }),
    auditId: Type.Integer(),
  },
  { title: 'PreviewLink' },
);

export const PublicKeySet = Type.Object(
  {
    keys: Type.Array(
      Type.Object(
        {
          kty: Type.Literal('OKP'),
          crv: Type.Literal('Ed25519'),
          x: Type.String({ description: 'The public key (base64url).' }),
          kid: Type.String(),
          alg: Type.Literal('EdDSA'),
          use: Type.Literal('sig'),
          createdAt: Type.String({ format: 'date-time' }),
          retiredAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
            description: 'When a newer key took over; a retired key verifies links for a day more.',
          }),
        },
        { additionalProperties: false },
      ),
      { description: 'Newest first; the first unretired one signs new links.' },
    ),
  },
  {
    title: 'PublicKeySet',
    description:
      'The Ed25519 public keys preview links are signed with (JWK), for a shell host to verify offline.',
  },
);
