import { useFormat, useI18n } from '@streamflix/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Dialog, Icon, type Season } from '@streamflix/shared';
import { ControlButton } from '../../../lib/control-button';
import type { EpisodeLite } from '../next-episode';
import styles from './series-navigation.module.css';

export interface EpisodeNavigationProps {
  seasons: Season[];
  currentEpisodeId: string;
  previous: EpisodeLite | null;
  next: EpisodeLite | null;
  hrefFor: (e: EpisodeLite) => string;
  onNavigate: (e: EpisodeLite) => void;
}

/** Previous / next episode and the episode picker, as player controls. */
export function EpisodeNavigation({
  seasons,
  currentEpisodeId,
  previous,
  next,
  hrefFor,
  onNavigate,
}: EpisodeNavigationProps) {
  const [open, setOpen] = useState(false);
  const i18n = useI18n();
  const f = useFormat();
  const seasonName = (s: Season) =>
    s.name ||
    i18n._({
      id: 'mf-player.episodes.season',
      message: 'Season {number}',
      values: { number: s.number },
    });
  return (
    <>
      <ControlButton
        className={styles.control}
        disabled={!previous}
        onClick={() => previous && onNavigate(previous)}
        label={
          previous
            ? i18n._({
                id: 'mf-player.episodes.previousNamed',
                message: 'Previous episode: S{season} E{episode}: {name}',
                values: {
                  season: previous.seasonNumber,
                  episode: previous.number,
                  name: previous.name,
                },
              })
            : i18n._({ id: 'mf-player.episodes.previous', message: 'Previous episode' })
        }
      >
        {/* SVG, not a font glyph: the media glyphs are missing from many system fonts. */}
        <Icon d="M6 6h2v12H6zm3.5 6 8.5 6V6z" />
      </ControlButton>
      <ControlButton
        className={styles.control}
        disabled={!next}
        onClick={() => next && onNavigate(next)}
        label={
          next
            ? i18n._({
                id: 'mf-player.episodes.nextNamed',
                message: 'Next episode: S{season} E{episode}: {name}',
                values: { season: next.seasonNumber, episode: next.number, name: next.name },
              })
            : i18n._({ id: 'mf-player.nextEpisode.label', message: 'Next episode' })
        }
      >
        <Icon d="M6 18l8.5-6L6 6v12zM16 6v12h2V6h-2z" />
      </ControlButton>
      <button
        type="button"
        className={styles.control}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {i18n._({ id: 'mf-player.episodes.title', message: 'Episodes' })}
      </button>
      <Dialog
        open={open}
        title={i18n._({ id: 'mf-player.episodes.title', message: 'Episodes' })}
        onClose={() => setOpen(false)}
        dismissLabel={i18n._({ id: 'mf-player.close', message: 'Close' })}
      >
        <div className={styles.picker}>
          {seasons.map((s) => (
            <section key={s.id} aria-label={seasonName(s)}>
              <h3 className={styles.seasonTitle}>{seasonName(s)}</h3>
              <ol className={styles.episodeList}>
                {s.episodes.map((e) => {
                  const current = e.id === currentEpisodeId;
                  return (
                    <li key={e.id}>
                      <Link
                        to={hrefFor(e)}
                        className={`${styles.episode} ${current ? styles.current : ''}`}
                        aria-current={current ? 'true' : undefined}
                        onClick={() => setOpen(false)}
                      >
                        <span className={styles.episodeNumber}>{e.number}</span>
                        <span className={styles.episodeName}>{e.name}</span>
                        <span className={styles.episodeMeta}>
                          {[
                            f.formatDuration(e.runtimeMinutes * 60, 'short'),
                            e.progress?.completed
                              ? i18n._({ id: 'mf-player.episodes.watched', message: 'Watched' })
                              : e.progress
                                ? f.formatNumber(e.progress.percent / 100, { style: 'percent' })
                                : '',
                            current
                              ? i18n._({
                                  id: 'mf-player.episodes.nowPlaying',
                                  message: 'Now playing',
                                })
                              : '',
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ol>
            </section>
          ))}
        </div>
      </Dialog>
    </>
  );
}
