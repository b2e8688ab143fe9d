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

const label = (e: EpisodeLite) => `S${e.seasonNumber} E${e.number}: ${e.name}`;

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
  return (
    <>
      <ControlButton
        className={styles.control}
        disabled={!previous}
        onClick={() => previous && onNavigate(previous)}
        label={previous ? `Previous episode: ${label(previous)}` : 'Previous episode'}
      >
        {/* SVG, not a font glyph: the media glyphs are missing from many system fonts. */}
        <Icon d="M6 6h2v12H6zm3.5 6 8.5 6V6z" />
      </ControlButton>
      <ControlButton
        className={styles.control}
        disabled={!next}
        onClick={() => next && onNavigate(next)}
        label={next ? `Next episode: ${label(next)}` : 'Next episode'}
      >
        <Icon d="M6 18l8.5-6L6 6v12zM16 6v12h2V6h-2z" />
      </ControlButton>
      <button
        type="button"
        className={styles.control}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        Episodes
      </button>
      <Dialog open={open} title="Episodes" onClose={() => setOpen(false)} dismissLabel="Close">
        <div className={styles.picker}>
          {seasons.map((s) => (
            <section key={s.id} aria-label={s.name || `Season ${s.number}`}>
              <h3 className={styles.seasonTitle}>{s.name || `Season ${s.number}`}</h3>
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
                          {e.runtimeMinutes} min
                          {e.progress?.completed
                            ? ' · Watched'
                            : e.progress
                              ? ` · ${e.progress.percent}%`
                              : ''}
                          {current ? ' · Now playing' : ''}
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
