import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Select,
  paths,
  useFormat,
  useI18n,
  type Episode,
  type TitleDetail,
} from '@streamflix/shared';
import styles from './title-detail.module.css';

/** A series' episodes, one season at a time, each row playing its episode. */
export function Episodes({ title }: { title: TitleDetail }) {
  const i18n = useI18n();
  const initialSeason =
    title.seasons.find((s) =>
      s.episodes.some((e) => e.id === (title.resume?.episodeId ?? title.nextEpisode?.id)),
    )?.id ?? title.seasons[0]!.id;
  const [seasonId, setSeasonId] = useState(initialSeason);
  const season = title.seasons.find((s) => s.id === seasonId) ?? title.seasons[0]!;
  return (
    <section aria-labelledby="episodes-heading" className={styles.episodesSection}>
      <div className={styles.episodesHeader}>
        <h2 id="episodes-heading">
          {i18n._({ id: 'mf-catalog.hero.episodes', message: 'Episodes' })}
        </h2>
        {title.seasons.length > 1 ? (
          <Select
            label={i18n._({ id: 'mf-catalog.title.season', message: 'Season' })}
            hideLabel
            value={season.id}
            onChange={(e) => setSeasonId(e.target.value)}
          >
            {title.seasons.map((s) => (
              <option key={s.id} value={s.id}>
                {i18n._({
                  id: 'mf-catalog.title.seasonOption',
                  message: '{name} ({count, plural, one {# episode} other {# episodes}})',
                  values: {
                    name:
                      s.name ||
                      i18n._({
                        id: 'mf-catalog.title.seasonNumber',
                        message: 'Season {number}',
                        values: { number: s.number },
                      }),
                    count: s.episodes.length,
                  },
                })}
              </option>
            ))}
          </Select>
        ) : (
          <span className={styles.seasonName}>
            {season.name ||
              i18n._({
                id: 'mf-catalog.title.seasonNumber',
                message: 'Season {number}',
                values: { number: season.number },
              })}
          </span>
        )}
      </div>
      <ol className={styles.episodes}>
        {season.episodes.map((e) => (
          <EpisodeRow key={e.id} title={title} episode={e} />
        ))}
      </ol>
    </section>
  );
}

function EpisodeRow({ title, episode }: { title: TitleDetail; episode: Episode }) {
  const i18n = useI18n();
  const f = useFormat();
  const p = episode.progress;
  const watched = p?.completed
    ? i18n._({ id: 'mf-catalog.title.watched', message: 'Watched' })
    : p && p.percent > 0
      ? i18n._({
          id: 'mf-catalog.card.watched',
          message: '{percent} watched',
          values: { percent: f.formatNumber(Math.round(p.percent) / 100, { style: 'percent' }) },
        })
      : null;
  const playable = title.availableInYourCountry;
  const content = (
    <>
      <span className={styles.epNumber} aria-hidden="true">
        {episode.number}
      </span>
      <span className={styles.epText}>
        <span className={styles.epName}>{episode.name}</span>
        <span className={styles.epMeta}>
          {f.formatDuration(episode.runtimeMinutes * 60)}
          {watched ? ` · ${watched}` : ''}
        </span>
        <span className={styles.epSynopsis} dir="auto">
          {episode.synopsis}
        </span>
        {p && p.percent > 0 ? (
          <span className={styles.epProgress} aria-hidden="true">
            <span style={{ width: `${p.completed ? 100 : p.percent}%` }} />
          </span>
        ) : null}
      </span>
    </>
  );
  const label = watched
    ? i18n._({
        id: 'mf-catalog.title.playEpisodeWatched',
        message: 'Play episode {number}: {name}, {watched}',
        values: { number: episode.number, name: episode.name, watched },
      })
    : i18n._({
        id: 'mf-catalog.title.playEpisode',
        message: 'Play episode {number}: {name}',
        values: { number: episode.number, name: episode.name },
      });
  return (
    <li>
      {playable ? (
        <Link
          to={paths.watch(title.id, title.id, episode.seasonId, episode.id)}
          className={styles.episode}
          aria-label={label}
        >
          {content}
        </Link>
      ) : (
        <div className={styles.episode}>{content}</div>
      )}
    </li>
  );
}
