import { startTransition, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  i18n,
  paths,
  useActiveProfile,
  useI18n,
  type RailItem as RailItemData,
  type TitleCard as TitleCardData,
} from '@streamflix/shared';
import { TitleCard } from '../../../components/title-card';
import { RailItem, TitleRail } from '../../../components/title-rail';
import { ErrorState, SkeletonCards } from '../../../components/states';
import { useInView } from '../../../lib/use-in-view';
import { useDashboard } from '../api/get-dashboard';
import { useCategoryRail } from '../api/get-category-rail';
import { Hero, HeroSkeleton } from './hero';
import { RemoveFromContinue } from '../../../components/title-ratings';
import styles from './dashboard.module.css';

export interface DashboardViewProps {
  /** The screen's h1 (Home for viewers, Browse for guests). */
  heading: string;
  renderAction?: (title: TitleCardData) => ReactNode;
  /** Shown above the rails (e.g. a sign-up prompt for guests). */
  banner?: ReactNode;
}

const CONTINUE_RAIL_ID = 'continue-watching';
/** Rails in the home's first frame (a phone's screen shows the hero and one or two). */
const FIRST_FRAME_RAILS = 2;

/** Where a continue-watching card goes: straight back into the player. */
export function resumeHref(item: RailItemData): string {
  if (item.type === 'series' && item.episode)
    return paths.watch(item.id, item.id, item.episode.seasonId, item.episode.id);
  return paths.watch(item.id, item.id, 0, 0);
}

const episodeLabel = (item: RailItemData) =>
  item.episode
    ? i18n._({
        id: 'mf-catalog.dashboard.episode',
        message: 'S{season} · E{number} {name}',
        values: {
          season: item.episode.seasonNumber,
          number: item.episode.number,
          name: item.episode.name,
        },
      })
    : undefined;

export function DashboardView({ heading, renderAction, banner }: DashboardViewProps) {
  const i18n = useI18n();
  const dashboard = useDashboard();
  // The home is the biggest render of the product (hero, every rail, their cards' actions): built
  // from a deferred copy of the data, React renders it as a transition, in slices that yield to
  // input, instead of one task as long as the whole home (issue 36: 300+ ms on a phone otherwise).
  const data = useDeferredValue(dashboard.data);
  // And in two frames: the hero and the first rails first; the rails below the fold (and the
  // category rails) in a later transition, so no one frame styles, lays out and paints the whole
  // home either.
  const [belowFold, setBelowFold] = useState(false);
  useEffect(() => {
    if (!data || belowFold) return undefined;
    const timer = setTimeout(() => startTransition(() => setBelowFold(true)), 0);
    return () => clearTimeout(timer);
  }, [data, belowFold]);
  const firstRails = belowFold ? Infinity : FIRST_FRAME_RAILS;
  // A kids profile's home is simpler: no hero trailer and no list of every genre, only its rails.
  const profile = useActiveProfile();
  const kids = profile?.kids ?? false;
  const continueWatching = data
    ? [...data.continueWatching.movies, ...data.continueWatching.series].sort((a, b) =>
        (b.progress?.updatedAt ?? '').localeCompare(a.progress?.updatedAt ?? ''),
      )
    : [];
  const railSlugs = new Set(data?.rails.map((r) => r.categorySlug).filter(Boolean));
  // Curated categories get rails of their own; genres are offered as links (the viewer's own genres already have rails).
  const moreCategories =
    data?.categories.filter((c) => c.rule !== 'genre' && !railSlugs.has(c.slug)) ?? [];
  const genreCategories = kids ? [] : (data?.categories.filter((c) => c.rule === 'genre') ?? []);

  return (
    <main className={styles.page} aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="sf-visually-hidden">
        {heading}
      </h1>
      {dashboard.isPending || (!data && !dashboard.isError) ? (
        <>
          {kids ? null : <HeroSkeleton />}
          <div className={styles.rails}>
            <SkeletonCards
              layout="row"
              count={8}
              label={i18n._({ id: 'mf-catalog.dashboard.loadingRails', message: 'Loading rails' })}
            />
          </div>
        </>
      ) : dashboard.isError ? (
        <div className={styles.rails}>
          <ErrorState
            message={dashboard.error.message}
            onRetry={() => void dashboard.refetch()}
            title={i18n._({
              id: 'mf-catalog.dashboard.error',
              message: 'The home page could not be loaded',
            })}
          />
        </div>
      ) : (
        <>
          {data!.hero && !kids ? <Hero title={data!.hero} /> : null}
          <div className={styles.rails}>
            {kids ? (
              <p className={styles.kidsGreeting} aria-hidden="true">
                {i18n._({
                  id: 'mf-catalog.dashboard.kidsGreeting',
                  message: 'Hi {name}! What shall we watch?',
                  values: { name: profile!.name },
                })}
              </p>
            ) : null}
            {banner}
            {continueWatching.length > 0 ? (
              <TitleRail
                title={i18n._({
                  id: 'mf-catalog.dashboard.continueWatching',
                  message: 'Continue watching',
                })}
                variant="backdrop"
                eager
              >
                {continueWatching.map((item) => (
                  <RailItem key={`${item.id}-${item.episode?.id ?? ''}`}>
                    <TitleCard
                      title={item}
                      variant="backdrop"
                      href={resumeHref(item)}
                      subtitle={episodeLabel(item)}
                      progressPercent={item.progress?.percent}
                      eager
                      action={<RemoveFromContinue titleId={item.id} titleName={item.name} />}
                    />
                  </RailItem>
                ))}
              </TitleRail>
            ) : null}
            {data!.rails
              // An older API also sent continue watching as a rail; the row above is the one with resume links.
              .filter((rail) => rail.items.length > 0 && rail.id !== CONTINUE_RAIL_ID)
              .slice(0, firstRails)
              .map((rail, i) => (
                <TitleRail
                  key={rail.id}
                  title={rail.title}
                  viewAllHref={rail.categorySlug ? paths.category(rail.categorySlug) : undefined}
                  eager={i < 2}
                >
                  {rail.items.map((item, j) => (
                    <RailItem key={item.id}>
                      <TitleCard
                        title={item}
                        eager={i < 2 && j < 8}
                        action={renderAction?.(item)}
                      />
                    </RailItem>
                  ))}
                </TitleRail>
              ))}
            {(belowFold ? moreCategories : []).map((c) => (
              <CategoryRail key={c.id} slug={c.slug} name={c.name} renderAction={renderAction} />
            ))}
            {belowFold && genreCategories.length > 0 ? (
              <nav className={styles.genres} aria-labelledby="browse-genres">
                <h2 id="browse-genres">
                  {i18n._({ id: 'mf-catalog.dashboard.browseGenres', message: 'Browse by genre' })}
                </h2>
                <ul>
                  {genreCategories.map((c) => (
                    <li key={c.id}>
                      <Link to={paths.category(c.slug)}>{c.name}</Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
          </div>
        </>
      )}
    </main>
  );
}

/** A rail for a category; its titles are fetched only when it scrolls into view. */
function CategoryRail({
  slug,
  name,
  renderAction,
}: {
  slug: string;
  name: string;
  renderAction?: (t: TitleCardData) => ReactNode;
}) {
  const i18n = useI18n();
  const { ref, inView } = useInView<HTMLDivElement>('400px');
  const rail = useCategoryRail(slug, inView);
  if (rail.isSuccess && rail.data.titles.length === 0) return null;
  return (
    <div ref={ref}>
      {rail.isError ? (
        <section aria-label={name} className={styles.railError}>
          <h2>{name}</h2>
          <ErrorState
            message={rail.error.message}
            onRetry={() => void rail.refetch()}
            title={i18n._({
              id: 'mf-catalog.rail.error',
              message: '{name} could not be loaded',
              values: { name },
            })}
          />
        </section>
      ) : (
        <TitleRail title={name} viewAllHref={paths.category(slug)} eager loading={!rail.isSuccess}>
          {rail.data?.titles.map((t) => (
            <RailItem key={t.id}>
              <TitleCard title={t} action={renderAction?.(t)} />
            </RailItem>
          ))}
        </TitleRail>
      )}
    </div>
  );
}
