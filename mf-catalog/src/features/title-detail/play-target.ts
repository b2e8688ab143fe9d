import { formatDuration, i18n, paths, type Episode, type TitleDetail } from '@streamflix/shared';

export interface PlayTarget {
  href: string;
  label: string;
  /** Seconds into the title/episode when resuming. */
  resumeAt: number;
}

const minutes = (s: number) => formatDuration(Math.max(1, Math.round(s / 60)) * 60);

/**
 * What Play does: movies resume at the saved position (the player reads it);
 * series resume the in-progress episode, else the next one, else the first.
 * `resume` is absent once the API counts the title finished (its
 * `progress.completed` rule), so nothing here second-guesses that threshold.
 */
export function playTarget(title: TitleDetail): PlayTarget | null {
  if (title.type === 'movie') {
    const resuming = title.resume && title.resume.position > 0;
    return {
      href: paths.watch(title.id, title.id, 0, 0),
      label: resuming
        ? i18n._({
            id: 'mf-catalog.play.resumeAt',
            message: 'Resume ({time} in)',
            values: { time: minutes(title.resume!.position) },
          })
        : i18n._({ id: 'mf-catalog.play.play', message: 'Play' }),
      resumeAt: resuming ? title.resume!.position : 0,
    };
  }
  const episodes: Episode[] = title.seasons.flatMap((s) => s.episodes);
  if (episodes.length === 0) return null;
  const resumeEp = title.resume?.episodeId
    ? episodes.find((e) => e.id === title.resume!.episodeId)
    : undefined;
  const inProgress = resumeEp && title.resume && title.resume.position > 0 ? resumeEp : undefined;
  const next = title.nextEpisode ? episodes.find((e) => e.id === title.nextEpisode!.id) : undefined;
  const episode = inProgress ?? next ?? episodes[0]!;
  const values = { season: episode.seasonNumber, number: episode.number };
  return {
    href: paths.watch(title.id, title.id, episode.seasonId, episode.id),
    label: inProgress
      ? i18n._({
          id: 'mf-catalog.play.resumeEpisode',
          message: 'Resume S{season} E{number}',
          values,
        })
      : i18n._({ id: 'mf-catalog.play.playEpisode', message: 'Play S{season} E{number}', values }),
    resumeAt: inProgress ? title.resume!.position : 0,
  };
}
