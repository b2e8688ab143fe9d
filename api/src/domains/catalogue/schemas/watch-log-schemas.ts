import { Type, type Static } from 'typebox';
import { EpisodeRef, Id, Nullable, Progress } from '../../../lib/common-schemas';

export const WatchLogParams = Type.Object({ id: Id });
export const WatchLogBody = Type.Object({
  position: Type.Number({ minimum: 0, maximum: 86400, description: 'Seconds.' }),
  duration: Type.Number({ exclusiveMinimum: 0, maximum: 86400, description: 'Seconds.' }),
  episodeId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  seasonId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  completed: Type.Optional(Type.Boolean()),
});
export type WatchLogBody = Static<typeof WatchLogBody>;

export const WatchLogResult = Type.Object({
  progress: Progress,
  nextEpisode: Nullable(EpisodeRef),
});
export type WatchLogResult = Static<typeof WatchLogResult>;
